import { $unread, meetingsMessages, setUnread } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { countUpcomingMeetings } from './meetings-api.ts';

/** Reads the upcoming count into the client state (spec §3: meeting count); a failure leaves it. */
export function refreshMeetingCount(school: string): Promise<void> {
  return countUpcomingMeetings(school).then(
    ({ upcoming }) => setUnread({ meetings: upcoming }),
    // A badge is a hint: the page itself says what went wrong.
    () => undefined,
  );
}

/**
 * The number of upcoming meetings beside «Встречи» in the menu (spec §3: the client state's meeting
 * count). Read once per school when the menu shows; the meetings page refreshes it as the admin
 * creates and deletes meetings. Nothing when there are none, or when the count could not be read.
 */
export function UpcomingMeetingsBadge({ school }: { school: string }) {
  const upcoming = useStore($unread).meetings;
  useEffect(() => {
    void refreshMeetingCount(school);
  }, [school]);
  if (upcoming <= 0) return null;
  return (
    <span className="badge menu-count" title={meetingsMessages.upcomingCount(upcoming)}>
      {upcoming}
      <span className="visually-hidden">: {meetingsMessages.upcomingCount(upcoming)}</span>
    </span>
  );
}
