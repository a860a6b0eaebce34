import { defineWidget } from '../shared/define-widget.tsx';
import { Webinar } from './webinar.tsx';
import { webinarStyles } from './webinar.styles.ts';
defineWidget('ch-webinar', Webinar, webinarStyles);
