import { uiMessages } from '#core';
import { useId, type Key, type ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { Pager } from './pager.tsx';

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  className?: string;
  /** This column names its row (a <th scope="row">): screen readers read it with each cell. */
  rowHeader?: boolean;
  /** The rows are sorted by this column (aria-sort on its header; the header's button sorts). */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface DataTableProps<T> {
  caption: ReactNode;
  /** The caption is read by screen readers but not shown (the page's heading already says it). */
  captionHidden?: boolean;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  page?: number;
  /** All the rows on every page; with onPage, the pager is shown under the table. */
  count?: number;
  size?: number;
  onPage?: (page: number) => void;
  /** The table's own class beside data-table, for what only its page styles or looks for. */
  className?: string;
}

/** A real table with a caption and column headers, scrolling sideways in its own box on a phone, and its pager. */
export function DataTable<T>({ caption, captionHidden, columns, rows, rowKey, empty, page = 1, count, size, onPage, className }: DataTableProps<T>) {
  const captionId = useId();
  return (
    <>
      {rows.length === 0 ? (
        (empty ?? <EmptyState title={uiMessages.tableEmpty} />)
      ) : (
        // A box that scrolls must be reachable by keyboard to be scrolled; it is named by the caption.
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className={className ? `data-table ${className}` : 'data-table'}>
            <caption id={captionId} className={captionHidden ? 'visually-hidden' : undefined}>
              {caption}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={column.className} aria-sort={column.sort}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.key} scope="row" className={column.className}>
                        {column.render(row)}
                      </th>
                    ) : (
                      <td key={column.key} className={column.className}>
                        {column.render(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {count !== undefined && onPage ? <Pager page={page} count={count} size={size} onPage={onPage} /> : null}
    </>
  );
}
