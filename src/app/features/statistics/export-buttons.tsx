import { statisticsMessages, toApiError } from '#core';
import { useState } from 'react';
import { showToast } from '../../ui/toasts.tsx';
import { saveFile } from './save-file.ts';
import type { ExportFormat } from './students-table-api.ts';

const t = statisticsMessages;

export interface ExportButtonsProps {
  /** Reads the file (the server makes it; CSV and XLSX). */
  load: (format: ExportFormat) => Promise<Blob>;
  /** The saved file's name, e.g. students-2026-03-05.xlsx. */
  fileName: (format: ExportFormat) => string;
}

/**
 * «Скачать CSV» and «Скачать XLSX»: one export at a time, the button that asked saying
 * «Скачивание...» until the file is saved; a refusal or a lost connection is an error toast.
 */
export function ExportButtons({ load, fileName }: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  async function run(format: ExportFormat) {
    setBusy(format);
    try {
      saveFile(await load(format), fileName(format));
    } catch (error) {
      showToast(toApiError(error).message, 'error');
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stats-export">
      {(['csv', 'xlsx'] as const).map((format) => (
        <button key={format} type="button" className="button small secondary" disabled={busy !== null} aria-busy={busy === format} onClick={() => void run(format)}>
          {busy === format ? t.downloading : format === 'csv' ? t.downloadCsv : t.downloadXlsx}
        </button>
      ))}
    </div>
  );
}
