import { defineWidget } from '../shared/define-widget.tsx';
import { Tariffs } from './tariffs.tsx';
import { tariffsStyles } from './tariffs.styles.ts';

defineWidget('ch-tariffs', Tariffs, tariffsStyles);
