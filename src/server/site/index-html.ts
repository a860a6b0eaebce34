import { commonMessages } from '#core/messages';

/**
 * The page that boots the platform app. Scripts are external files so that a strict
 * Content-Security-Policy (no inline scripts) holds.
 */
export function indexHtml(school?: { name: string; title: string }): string {
  // On a school's verified domain (features/schools/school-domain-host.ts) the page names the
  // school, and the app's first page shows it (src/app/school-domain-home.tsx).
  const title = school ? escapeHtml(school.title || school.name) : 'CourseHub — онлайн-школы и курсы';
  const schoolMeta = school ? `\n<meta name="coursehub-school" content="${escapeHtml(school.name)}" data-title="${escapeHtml(school.title)}">` : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${schoolMeta}
<meta name="description" content="CourseHub: платформа для онлайн-школ, преподавателей и учеников.">
<meta name="theme-color" content="#9124ff">
<link rel="manifest" href="/app/manifest.webmanifest">
<link rel="icon" href="/app/icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/app/icon-192.png">
<link rel="stylesheet" href="/app/app.css">
<script type="module" src="/app/main.js"></script>
</head>
<body>
<div id="root"><p class="boot">${commonMessages.loading}</p></div>
<noscript>Для работы CourseHub включите JavaScript в браузере.</noscript>
</body>
</html>
`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
