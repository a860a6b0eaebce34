import { invitesMessages } from '#core';
import { useResource } from '../../../views/shared/use-resource.ts';
import { getCurrentInvitesProgram } from './bonuses-admin-api.ts';

const t = invitesMessages;
const HTTP = /^https?:\/\//i;

/**
 * The school's active invites programme for the viewer's groups, on «Бонусы»: its link to share.
 * Nothing while it loads, when there is none, or when it cannot be read (the bonuses are the page).
 */
export function InviteProgramCard({ school }: { school: string }) {
  const program = useResource(`${school}/invites_program/current`, () => getCurrentInvitesProgram(school));
  const data = program.data;
  if (!data || !HTTP.test(data.link)) return null;
  return (
    <section className="invite-card" aria-labelledby="invite-card-title">
      <h2 id="invite-card-title">{t.studentTitle}</h2>
      <p>{t.studentText}</p>
      <p className="invite-card-link">
        <a className="button primary small" href={data.link} target="_blank" rel="noopener noreferrer">
          {t.studentOpen}
        </a>{' '}
        <span className="muted">{data.link}</span>
      </p>
    </section>
  );
}
