import { type ApiError, type CertificateData, type CertificateSection, errorText, plural, type ResolvedCertificate, resolveCertificate, SAMPLE_CERTIFICATE, certificateMessages } from '#core';
import { useEffect, useId, useMemo } from 'react';
import { getPublic, resolveApiBase } from '../shared/public-client.ts';
import { ErrorState, Loading } from '../shared/status-views.tsx';
import { useResource } from '../shared/use-resource.ts';
import type { WidgetHostProps } from '../shared/widget-types.ts';

export interface CertificateProps extends WidgetHostProps {
  /** The certificate link token issued by the platform. */
  certLink?: string | undefined;
  /** Show fixed sample data instead of a real certificate (no request). */
  preview?: boolean | undefined;
}

const t = certificateMessages;

/** Past this many lessons the program shows each module with its lesson count, so the sheet stays one page. */
export const MAX_LISTED_LESSONS = 24;

/** Spec §8: a bad link (400 CERT_INVALID) reads as a decryption error; every other failure as a load error. */
export function certificateErrorMessage(error: Pick<ApiError, 'status' | 'code'>): string {
  return error.status === 400 && error.code === 'CERT_INVALID' ? t.decryptError : t.loadError;
}

function isCertificateData(value: unknown): value is CertificateData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The certificate viewer (spec §2 states, §5 fallbacks), printable as an A4 landscape page. */
export function Certificate(props: CertificateProps) {
  const { certLink, preview, emit } = props;
  const apiBase = resolveApiBase(props.apiBase);
  const link = preview ? '' : (certLink ?? '').trim();
  const key = link ? `certificate:${apiBase}:${link}` : null;
  const resource = useResource(key, () => getPublic<'GET certificate/{certLink}/'>(apiBase, `certificate/${encodeURIComponent(link)}/`));

  const data: CertificateData | null = preview ? SAMPLE_CERTIFICATE : resource.status === 'ready' && isCertificateData(resource.data) ? resource.data : null;
  const certificate = useMemo(() => (data ? resolveCertificate(data) : null), [data]);

  // Once per arrival of data (the sample counts too: a host page may title itself from it); not
  // again when only the emit function's identity changes.
  useEffect(() => {
    if (!certificate) return;
    const detail = { courseName: certificate.course, userName: certificate.name };
    emit?.('ch-certificate-load', detail);
    emit?.('ch-ready', { ...detail, preview: Boolean(preview) });
  }, [certificate]);

  const error = resource.status === 'error' ? resource.error : null;
  useEffect(() => {
    if (error) emit?.('ch-error', { code: error.code, message: error.message, status: error.status });
  }, [error]);

  // The page's own address as a QR code (drawn by the server): a printed sheet leads back to it.
  const qrSrc = link ? `${apiBase}/api/certificate/${encodeURIComponent(link)}/qr.svg` : null;
  if (certificate) return <CertificateSheet certificate={certificate} qrSrc={qrSrc} />;
  if (resource.status === 'loading') return <Loading text={t.loading} />;
  if (error) return <ErrorState message={errorText(certificateErrorMessage(error))} onRetry={resource.retry} />;
  return (
    <div className="ch-status" role="status" aria-live="polite" part="status">
      {t.noData}
    </div>
  );
}

function lessonCount(sections: readonly CertificateSection[]): number {
  return sections.reduce((sum, section) => sum + section.lessons.length, 0);
}

function Program({ sections }: { sections: readonly CertificateSection[] }) {
  const headingId = useId();
  const visible = sections.filter((section) => section.name || section.lessons.length > 0);
  if (visible.length === 0) return null;
  const listLessons = lessonCount(visible) <= MAX_LISTED_LESSONS;
  return (
    <section className="program" aria-labelledby={headingId}>
      <h3 className="program-title" id={headingId}>
        {t.program}
      </h3>
      <ol className="modules">
        {visible.map((section, index) => (
          <li className="module" key={index}>
            <span className="module-name">{section.name}</span>
            {listLessons && section.lessons.length > 0 ? (
              <ul className="lessons">
                {section.lessons.map((lesson, i) => (
                  <li key={`${lesson.lesson_id}-${i}`}>{lesson.name}</li>
                ))}
              </ul>
            ) : (
              <span className="lesson-count"> — {plural(section.lessons.length, t.lessons)}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The browser's print dialog, where "Save as PDF" is one of the printers. */
function printPage() {
  if (typeof window.print === 'function') window.print();
}

function CertificateSheet({ certificate: c, qrSrc }: { certificate: ResolvedCertificate; qrSrc: string | null }) {
  const hintId = useId();
  return (
    <div className="certificate">
      <div className="toolbar">
        <button type="button" className="ch-button print" part="print" onClick={printPage} aria-describedby={hintId}>
          <svg className="print-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 3v12m0 0-5-5m5 5 5-5M4 17v3h16v-3" />
          </svg>
          {t.print}
        </button>
        <span className="print-hint" id={hintId}>
          {t.printHint}
        </span>
      </div>
      <div className="frame">
        <article className="sheet" part="sheet" aria-label={`${t.title}: ${c.name}`}>
          <div className="border" aria-hidden="true" />
          <div className="content">
            <p className="school" part="school">
              {c.school}
            </p>
            <h2 className="title">{t.title}</h2>
            <p className="lead">{t.confirms}</p>
            <p className="name" part="name">
              {c.name}
            </p>
            <p className="lead">{t.completed}</p>
            <p className="course" part="course">
              «{c.course}»
            </p>
            <Program sections={c.sections} />
            <footer className="footer">
              <div className="person director">
                <div className="signature-line">
                  <img className="signature" part="signature" src={c.signature} alt={`${t.signatureAlt}: ${c.director}`} />
                  <img className="stamp" part="stamp" src={c.stamp} alt={`${t.stampAlt}: ${c.school}`} />
                </div>
                <span className="person-name">{c.director}</span>
                <span className="person-role">{t.director}</span>
              </div>
              <div className="issued">
                {qrSrc ? (
                  <figure className="verify">
                    <img className="qr" part="qr" src={qrSrc} alt={t.qrAlt} width="96" height="96" />
                    <figcaption className="qr-caption">{t.qrCaption}</figcaption>
                  </figure>
                ) : null}
                <div className="issued-date">
                  <span className="date" part="date">
                    <time dateTime={toDateAttribute(c.date)}>{c.dateText}</time>
                  </span>
                  <span className="person-role">{t.dateLabel}</span>
                </div>
              </div>
              <div className="person teacher">
                <div className="signature-line" />
                <span className="person-name">{c.teacher}</span>
                <span className="person-role">{t.teacher}</span>
              </div>
            </footer>
          </div>
        </article>
      </div>
    </div>
  );
}

/** The local calendar day as YYYY-MM-DD, for <time datetime>. */
function toDateAttribute(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
