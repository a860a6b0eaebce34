import { defineWidget } from '../shared/define-widget.tsx';
import { Certificate } from '../../views/certificate/certificate.tsx';
import { certificateStyles } from '../../views/certificate/certificate.styles.ts';
defineWidget('ch-certificate', Certificate, certificateStyles);
