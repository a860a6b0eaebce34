// The AI assistant OVER AI (issue 15): the corner button of the school area and its panel (loaded
// on first open). The shell uses this feature through this file only.
import { lazyPage } from '../../lazy-page.ts';

// The corner button is loaded on its own, off the app's entry (its panel later still, on first open).
export const AiAssistantLauncher = lazyPage<{ school: string }>(() => import('./ai-assistant-launcher.tsx').then((m) => ({ default: m.AiAssistantLauncher })));
