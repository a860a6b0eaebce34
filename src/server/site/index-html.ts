import { commonMessages } from '#core/messages';

/**
 * The page that boots the platform app. Scripts are external files so that a strict
 * Content-Security-Policy (no inline scripts) holds.
 */
export function indexHtml(): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>CourseHub — онлайн-школы и курсы</title>
<meta name="description" content="CourseHub: платформа для онлайн-школ, преподавателей и учеников.">
<meta name="theme-color" content="#ba75ff">
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
