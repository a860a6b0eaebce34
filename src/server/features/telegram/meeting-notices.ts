// Meeting reminders in Telegram too (issue 15): every reminder the meetings feature mails is also a
// notice of kind 'meetings' to those of its students and teachers who linked a chat, the start in the
// school's time zone like the mail's. The school's
// «ten_minute» setting (tg_notification/reminders/) turns the ten-minute one off in Telegram.
import { telegramMessages } from '#core/messages/telegram';
import type { AppContext } from '../../context.ts';
import { schoolDateTime } from '../../shared/time/school-time.ts';
import { inTime, onMeetingReminder } from '../meetings/index.ts';
import { notifyTelegram } from './notify.ts';
import { schoolReminderSettings } from './telegram-routes.ts';

export function noticeMeetingReminders(ctx: AppContext): void {
  onMeetingReminder(ctx, async ({ meeting, timeZone, minutesBefore, minutesLeft, recipients }) => {
    if (minutesBefore <= 10 && !(await schoolReminderSettings(ctx, meeting.schoolId)).tenMinute) return;
    const text = telegramMessages.meetingReminder(meeting.title, inTime(minutesLeft), schoolDateTime(meeting.startsAt, timeZone), meeting.link);
    notifyTelegram(
      ctx,
      recipients.map((recipient) => recipient.userId),
      'meetings',
      text,
    );
  });
}
