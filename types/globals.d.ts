// Globals the pages set on `window`, for the e2e tests (the `__*` hooks) and for PyScript (labRun). Only the type
// checker reads this file (`make lint`); nothing here is shipped.
export {};

declare global {
  interface Window {
    /** main.js: the app's engine, start-up times and hooks the browser tests call. */
    __app: {
      engine: unknown;
      started: number;
      engineReadyAt?: number;
      offerUpdate?: (...args: any[]) => unknown;
      playScenario?: (...args: any[]) => unknown;
      controller?: unknown;
    };
    /** js/net/host.js, js/net/guest.js: a table with guests (its relay, or the guest's connection), for the tests. */
    __net: { role: "host" | "guest"; relay?: unknown; guest?: unknown; recheck?: (...args: any[]) => unknown };
    /** editor.js: the scenario editor's state and its latest snippets. */
    __editor: {
      state: Record<string, any>;
      embed?: string;
      title?: string;
      code?: string;
      element?: string;
      iframe?: string;
      copied?: string;
      validate?: (...args: any[]) => unknown;
      lessonPanel?: unknown; // editor-lesson.js: the lesson mode
    };
    /** embed.js, widget-element.js: the teaching widgets' start-up figures and received messages. */
    __widgets: { stats: unknown; received?: string[]; widget?: unknown };
    /** lab.js: when the PyScript lab started and how long Python took. */
    __lab: { started: number; doneMs?: number };
    /** i18n.js: message keys a catalogue lacked, for the e2e tests. */
    __i18nMissing: unknown;
    /** lab.html's last Python block (PyScript) defines it: runs an edited box's code into an output element. */
    labRun: (code: string, outId: string) => void;
  }
}
