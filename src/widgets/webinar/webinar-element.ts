import { defineWidget } from '../shared/define-widget.tsx';
import { Webinar } from '../../views/webinar/webinar.tsx';
import { webinarStyles } from '../../views/webinar/webinar.styles.ts';
defineWidget('ch-webinar', Webinar, webinarStyles);
