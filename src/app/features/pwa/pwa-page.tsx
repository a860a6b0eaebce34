import { Suspense, useEffect, useState } from 'react';
import { LegalPage } from '../legal/index.ts';

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The school area's 'pwa' page: install the web app (where the browser offers it) and how-to. */
export default function PwaPage({ school }: { school: string }) {
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    const offer = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPrompt);
    };
    const done = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', done);
    return () => {
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', done);
    };
  }, []);

  async function install() {
    if (!prompt) return;
    await prompt.prompt();
    if ((await prompt.userChoice).outcome === 'accepted') setInstalled(true);
    setPrompt(null);
  }

  return (
    <>
      <div className="pwa-install">
        {installed ? (
          <p role="status">Приложение установлено.</p>
        ) : prompt ? (
          <button type="button" className="button primary" onClick={() => void install()}>
            Установить приложение
          </button>
        ) : (
          <p className="muted">Если браузер не предлагает установку, воспользуйтесь инструкцией ниже.</p>
        )}
      </div>
      {/* Its own boundary: the install button stays while the how-to text loads. */}
      <Suspense fallback={null}>
        <LegalPage page="PWA" school={school} />
      </Suspense>
    </>
  );
}
