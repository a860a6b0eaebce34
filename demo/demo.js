// Demo helpers (an external file, so the strict-CSP page can load it): shows the widgets' events
// and fills the certificate widgets with the demo student's real certificate link.
const log = document.getElementById('events');
const EVENTS = ['ch-ready', 'ch-error', 'ch-course-select', 'ch-plan-select', 'ch-appeal-submit', 'ch-certificate-load'];
for (const name of EVENTS) {
  document.addEventListener(name, (event) => {
    if (!log) return;
    const item = document.createElement('li');
    item.textContent = `${new Date().toLocaleTimeString('ru-RU')} <${event.target.tagName.toLowerCase()}> ${name} ${JSON.stringify(event.detail ?? null)}`;
    item.dataset.event = name;
    log.append(item);
  });
}

const platform = document.documentElement.dataset.platform;
const certificates = document.querySelectorAll('ch-certificate[data-demo-certificate]');
if (platform && certificates.length > 0) {
  fetch(`${platform}/api/dev/demo-certificate/`)
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then(({ cert_link: link }) => certificates.forEach((element) => element.setAttribute('cert-link', link)))
    .catch(() => certificates.forEach((element) => element.setAttribute('cert-link', 'unavailable')));
}
