import { defineWidget } from '../shared/define-widget.tsx';
import { Tariffs } from '../../views/tariffs/tariffs.tsx';
import { tariffsStyles } from '../../views/tariffs/tariffs.styles.ts';

defineWidget('ch-tariffs', Tariffs, tariffsStyles);
