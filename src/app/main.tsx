import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startGuard } from './guard.ts';
import { registerServiceWorker } from './features/pwa/index.ts';

startGuard();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
registerServiceWorker();
