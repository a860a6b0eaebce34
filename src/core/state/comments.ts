import { persistentAtom } from '../persistent-atom.ts';

/**
 * Spec §3 "comments": unread comment ids keyed by `{course}_{lesson}` and unread reply ids keyed by
 * `{course}_{lesson}_{comment}`, persisted under `comments`.
 */
export interface CommentsState {
  unreadComments: Record<string, number[]>;
  unreadReplies: Record<string, number[]>;
}

export const INITIAL_COMMENTS: CommentsState = { unreadComments: {}, unreadReplies: {} };

export const $comments = persistentAtom<CommentsState>('comments', INITIAL_COMMENTS);

export const lessonKey = (courseId: number, lessonId: number) => `${courseId}_${lessonId}`;
export const commentKey = (courseId: number, lessonId: number, commentId: number) => `${courseId}_${lessonId}_${commentId}`;

export function setUnreadComments(key: string, ids: number[]): void {
  const state = $comments.get();
  $comments.set({ ...state, unreadComments: { ...state.unreadComments, [key]: ids } });
}

export function setUnreadReplies(key: string, ids: number[]): void {
  const state = $comments.get();
  $comments.set({ ...state, unreadReplies: { ...state.unreadReplies, [key]: ids } });
}

/** Marks ids as read wherever they are listed. */
export function markCommentsRead(ids: number[]): void {
  const drop = (lists: Record<string, number[]>) =>
    Object.fromEntries(Object.entries(lists).map(([k, list]) => [k, list.filter((id) => !ids.includes(id))]));
  const state = $comments.get();
  $comments.set({ unreadComments: drop(state.unreadComments), unreadReplies: drop(state.unreadReplies) });
}
