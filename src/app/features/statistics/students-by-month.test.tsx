import { describe, expect, it } from 'vitest';
import { monthLabels } from './students-by-month.tsx';

describe('monthLabels', () => {
  it("names each month in full for the table and the legend, briefly under the axis, and keeps what is not a month as it came", () => {
    expect(
      monthLabels([
        { month: '2025-12', count: 2 },
        { month: '2026-01', count: 0 },
        { month: 'soon', count: 1 },
      ]),
    ).toEqual({ names: ['декабрь 2025 г.', 'январь 2026 г.', 'soon'], labels: ['дек.', 'янв.', 'soon'], counts: [2, 0, 1] });
  });
});
