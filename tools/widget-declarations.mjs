// Rollup plugin: writes the widgets' custom-elements.json (the Custom Elements Manifest) and
// TypeScript declarations (element classes, DOM events, React 19 JSX typings) from the single
// description of the widgets, src/widgets/widget-specs.json.
import { readFileSync } from 'node:fs';

const TS_TYPES = { string: 'string', number: 'number', boolean: 'boolean', json: 'unknown' };
const pascal = (name) => name.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());

export function manifest(specs) {
  return {
    schemaVersion: '2.1.0',
    readme: 'CourseHub widgets: load https://<platform>/widgets/ch.js once, then use the tags.',
    modules: specs.widgets.map((widget) => ({
      kind: 'javascript-module',
      path: `${widget.name}.js`,
      declarations: [
        {
          kind: 'class',
          customElement: true,
          tagName: widget.tag,
          name: `${pascal(widget.name)}Element`,
          description: widget.description,
          attributes: widget.props.map((p) => ({ name: p.attribute, fieldName: p.name, type: { text: TS_TYPES[p.type] }, description: p.description })),
          members: widget.props.map((p) => ({ kind: 'field', name: p.name, type: { text: `${TS_TYPES[p.type]} | undefined` }, description: p.description })),
          events: widget.events.map((name) => ({ name, type: { text: 'CustomEvent' }, description: specs.events[name] })),
          cssParts: widget.parts.map((name) => ({ name })),
          cssProperties: Object.entries(specs.cssProperties).map(([name, description]) => ({ name, description })),
        },
      ],
      exports: [{ kind: 'custom-element-definition', name: widget.tag, declaration: { name: `${pascal(widget.name)}Element`, module: `${widget.name}.js` } }],
    })),
  };
}

export function declarations(specs) {
  const lines = ['// CourseHub widget elements: DOM and React 19 JSX typings. Generated from widget-specs.json.', ''];
  for (const widget of specs.widgets) {
    const name = `${pascal(widget.name)}Element`;
    lines.push(`/** ${widget.description} */`, `export interface ${name} extends HTMLElement {`);
    for (const p of widget.props) lines.push(`  /** ${p.description} */`, `  ${p.name}: ${TS_TYPES[p.type]} | undefined;`);
    lines.push('}', `export interface ${name}Attributes {`);
    for (const p of widget.props) lines.push(`  '${p.attribute}'?: ${p.type === 'boolean' ? 'boolean | string' : p.type === 'number' ? 'number | string' : 'string'};`);
    lines.push('}', '');
  }
  lines.push('export interface CourseHubWidgetEvents {');
  for (const [event, description] of Object.entries(specs.events)) lines.push(`  /** ${description} */`, `  '${event}': CustomEvent;`);
  lines.push('}', '', 'declare global {', '  interface HTMLElementTagNameMap {');
  for (const widget of specs.widgets) lines.push(`    '${widget.tag}': ${pascal(widget.name)}Element;`);
  lines.push('  }', '  interface HTMLElementEventMap extends CourseHubWidgetEvents {}', '}', '');
  lines.push("type WidgetJsx<A> = A & import('react').HTMLAttributes<HTMLElement> & { ref?: import('react').Ref<HTMLElement> };", '');
  lines.push("declare module 'react' {", '  namespace JSX {', '    interface IntrinsicElements {');
  for (const widget of specs.widgets) lines.push(`      '${widget.tag}': WidgetJsx<${pascal(widget.name)}ElementAttributes>;`);
  lines.push('    }', '  }', '}', '');
  return lines.join('\n');
}

export function widgetDeclarations(specsPath) {
  return {
    name: 'widget-declarations',
    buildStart() {
      this.addWatchFile(specsPath);
    },
    generateBundle() {
      const specs = JSON.parse(readFileSync(specsPath, 'utf8'));
      this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: `${JSON.stringify(manifest(specs), null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: 'ch-widgets.d.ts', source: declarations(specs) });
    },
  };
}
