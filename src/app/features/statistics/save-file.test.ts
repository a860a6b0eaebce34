import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVOKE_AFTER_MS, saveFile } from './save-file.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('saveFile', () => {
  it('clicks a hidden download link to the blob, removes it, and lets the blob go a moment later', () => {
    vi.useFakeTimers();
    const blob = new Blob(['a;b']);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x/1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: { download: string; href: string; hidden: HTMLAnchorElement['hidden']; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href, hidden: this.hidden, attached: this.isConnected });
    });
    saveFile(blob, 'students-2026-03-05.csv');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicks).toEqual([{ download: 'students-2026-03-05.csv', href: 'blob:x/1', hidden: true, attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoke).toHaveBeenCalledWith('blob:x/1');
  });
});
