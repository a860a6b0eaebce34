import { Tariffs } from '../../../views/tariffs/tariffs.tsx';
import { tariffsStyles } from '../../../views/tariffs/tariffs.styles.ts';
import { WidgetFrame } from '../../ui/widget-frame.tsx';

/** The public tariff pages (/tariff-plans-info, /tariff-plans-year), the tariffs widget's component. */
export default function TariffInfoPage({ period }: { period: 'monthly' | 'yearly' }) {
  return (
    <main className="public-page">
      <WidgetFrame css={tariffsStyles}>
        <Tariffs apiBase="" period={period} />
      </WidgetFrame>
    </main>
  );
}
