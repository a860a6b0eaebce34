import { $impersonation, $user, apiCall, impersonationBannerText, impersonationMessages, Path, stopImpersonation } from '#core';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { appSession } from './app-session.ts';
import { $router } from './router.ts';

/**
 * Spec §2: while an admin views the platform as a student. Ending it restores the admin's own
 * session and returns to choose school; a failure is only logged (the banner stays, so the admin
 * can try again).
 */
export function ImpersonationBanner() {
  const state = useStore($impersonation);
  const [busy, setBusy] = useState(false);
  if (!state.isImpersonating) return null;

  async function stop() {
    setBusy(true);
    const session = appSession();
    try {
      // The server revokes the student's tokens before it answers: requests that fail with them
      // meanwhile wait for the admin's (switchTokens). The stop itself is never refreshed.
      await session.switchTokens(async () => {
        const headers = { Authorization: `Bearer ${$user.get().authState.access ?? ''}` };
        const tokens = await apiCall(session.api, 'POST impersonate/stop/', { auth: false, headers });
        stopImpersonation({ access: tokens.access, refresh: tokens.refresh });
      });
      $router.open(Path.chooseSchool);
    } catch (error) {
      console.error('impersonation stop failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="impersonation-banner" role="status">
      <span>{impersonationBannerText(state)}</span>
      <button type="button" className="button small" onClick={() => void stop()} disabled={busy}>
        {busy ? impersonationMessages.stopping : impersonationMessages.stop}
      </button>
    </div>
  );
}
