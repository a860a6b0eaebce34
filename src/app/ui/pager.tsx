import { paginationWindow } from '#core';

/** Page buttons for a list of `count` items (spec §9's window with ellipses); nothing for one page. */
export function Pager({ page, count, size = 20, onPage }: { page: number; count: number; size?: number; onPage: (page: number) => void }) {
  if (count <= size) return null;
  return (
    <nav className="pager" aria-label="Страницы">
      {paginationWindow({ page, count, pageSize: size }).map((item, i) =>
        item === '…' ? (
          <span key={`gap-${i}`}>…</span>
        ) : (
          <button key={item} type="button" className="button small secondary" aria-current={item === page ? 'page' : undefined} onClick={() => onPage(item)}>
            {item}
          </button>
        ),
      )}
    </nav>
  );
}
