import { defineWidget } from '../shared/define-widget.tsx';
import { Certificate } from './certificate.tsx';
import { certificateStyles } from './certificate.styles.ts';
defineWidget('ch-certificate', Certificate, certificateStyles);
