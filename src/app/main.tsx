import { createRoot } from 'react-dom/client';
import { InitialPage } from './initial-page.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<InitialPage />);
