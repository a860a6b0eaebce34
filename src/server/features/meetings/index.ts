// School meetings (issue 15): calls at a time with a link, for the students and teachers of some
// groups, with reminders mailed through the job runner. Other features and the server's root
// import this feature through this file only.
export { meetingGroups, meetingReminders, schoolMeetings } from './tables.ts';
export { meetingRoutes } from './meeting-routes.ts';
export {
  MEETING_REMINDER_JOB,
  MEETING_REMINDER_MINUTES,
  inTime,
  meetingRecipients,
  onMeetingReminder,
  sendMeetingReminder,
  type MeetingReminder,
  type MeetingReminderListener,
  type MeetingReminderRecipient,
} from './meeting-reminders.ts';
