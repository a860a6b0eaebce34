import { $unread, appealsMessages, setUnread } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { countUnreadAppeals } from './appeals-api.ts';

/**
 * The number of unread appeals beside «Заявки» in the admin's menu (spec §3: the client state's
 * unread appeals). Read once per school when the menu shows; the appeals page keeps it current as
 * the admin reads them. Nothing when there are none, or when the count could not be read.
 */
export function UnreadAppealsBadge({ school }: { school: string }) {
  const unread = useStore($unread).appeals;
  useEffect(() => {
    let current = true;
    countUnreadAppeals(school).then(
      ({ unread: n }) => current && setUnread({ appeals: n }),
      // A badge is a hint: the page itself says what went wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [school]);
  if (unread <= 0) return null;
  return (
    <span className="badge menu-count" title={appealsMessages.unreadCount(unread)}>
      {unread}
      <span className="visually-hidden">: {appealsMessages.unreadCount(unread)}</span>
    </span>
  );
}
