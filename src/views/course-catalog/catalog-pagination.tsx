import { ELLIPSIS, pageCount, paginationWindow, catalogMessages } from '#core';

const text = catalogMessages;

/** Spec §9's page window as buttons: the current page marked with aria-current, gaps as '…'. */
export function CatalogPagination({
  page,
  count,
  pageSize,
  onPage,
}: {
  page: number;
  count: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const last = pageCount(count, pageSize);
  if (last <= 1) return null;
  const items = paginationWindow({ page, count, pageSize });
  return (
    <nav className="pagination" part="pagination" aria-label={text.pagination}>
      <button type="button" className="page-step" part="button" disabled={page <= 1} aria-label={text.prevLabel} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹ </span>
        {text.prev}
      </button>
      <ul className="pages">
        {items.map((item, index) =>
          item === ELLIPSIS ? (
            <li key={`gap-${index}`} className="page-gap" aria-hidden="true">
              {ELLIPSIS}
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="page"
                part="button"
                aria-label={text.page(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onPage(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="page-step" part="button" disabled={page >= last} aria-label={text.nextLabel} onClick={() => onPage(page + 1)}>
        {text.next}
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
