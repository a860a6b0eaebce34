import { describe, expect, it } from 'vitest';
import { $unread, setUnread } from './unread.ts';

describe('unread totals', () => {
  it('updates one total at a time', () => {
    setUnread({ messages: 4 });
    setUnread({ appeals: 2 });
    expect($unread.get()).toEqual({ messages: 4, appeals: 2, meetings: 0 });
  });
});
