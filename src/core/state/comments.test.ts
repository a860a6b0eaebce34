import { beforeEach, describe, expect, it } from 'vitest';
import { $comments, commentKey, INITIAL_COMMENTS, lessonKey, markCommentsRead, setUnreadComments, setUnreadReplies } from './comments.ts';

beforeEach(() => $comments.set(INITIAL_COMMENTS));

describe('comments state', () => {
  it('keys unread comments by course and lesson, replies by comment too', () => {
    expect(lessonKey(3, 9)).toBe('3_9');
    expect(commentKey(3, 9, 40)).toBe('3_9_40');
    setUnreadComments(lessonKey(3, 9), [40, 41]);
    setUnreadReplies(commentKey(3, 9, 40), [50]);
    expect($comments.get()).toEqual({ unreadComments: { '3_9': [40, 41] }, unreadReplies: { '3_9_40': [50] } });
  });

  it('marks ids as read wherever they are', () => {
    setUnreadComments('3_9', [40, 41]);
    setUnreadReplies('3_9_40', [41, 50]);
    markCommentsRead([41]);
    expect($comments.get()).toEqual({ unreadComments: { '3_9': [40] }, unreadReplies: { '3_9_40': [50] } });
  });
});
