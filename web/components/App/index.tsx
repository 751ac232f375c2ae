// The page: parameters and rankings on the left, the metrics beside them; in an embed, only the
// rankings and the metrics.
import { computed } from '@preact/signals';
import { useRef, useState } from 'preact/hooks';

import { count } from '../../state/count';
import { setExample } from '../../state/example';
import { leaveLesson, lessonExample, lessonRequest, numbersHidden } from '../../state/lessons';
import { descriptors } from '../../state/metrics';
import { backToRuns, openedFromRuns, showView, view } from '../../state/runs';
import { lexicon as lexiconSignal, rankingCount, replacements, scenario, shownSource, shownSourceEdited } from '../../state/scenario';
import { currentAddress, withoutEmbed, type EmbedMode } from '../../state/address';
import { narrow, presenting, unknownMetricsProblem } from '../../state/view';
import { BackgroundPanel } from '../Background';
import { Caption } from '../Caption';
import { EmbedView } from '../EmbedView';
import { Gallery } from '../Gallery';
import { lazyPart } from '../Lazy';
import { MetricsTable } from '../MetricsTable';
import { OrderingsPanel } from '../Orderings';
import { ParamsPanel } from '../ParamsPanel';
import { Problems } from '../Problems';
import { RankingEditor } from '../RankingEditor';
import { SavedWork, SavedWorkOffer } from '../SavedWork';
import { ShareDialog } from '../ShareDialog';
import { Toast } from '../Toast';
import { Toolbar } from '../Toolbar';
import { HiddenMetrics } from './HiddenMetrics';
import { JumpToMetrics } from './JumpToMetrics';
import { useUndoKeys } from './useUndoKeys';
import styles from './style.module.css';

// The DIPS paper's experiments and their chart library cost the page nothing until opened.
const Experiments = lazyPart(() => import('../Experiments').then((m) => m.Experiments), { what: 'the experiments' });
// Dialogs that parse tables (Papa Parse, the Grep-BiasIR files) load when first opened.
const ImportDialog = lazyPart(() => import('../ImportDialog').then((m) => m.ImportDialog), { what: 'the import dialog' });
const DatasetBrowser = lazyPart(() => import('../DatasetBrowser').then((m) => m.DatasetBrowser), { what: 'the Grep-BiasIR browser' });
// A lesson's steps load only when a lesson starts.
const Lesson = lazyPart(() => import('../Lesson').then((m) => m.Lesson), {
  what: 'the lesson',
  fallback: <p class={styles.loadingLesson}>Loading the lesson…</p>,
});
// Run evaluation (?view=runs) loads when first shown.
const RunsView = lazyPart(() => import('../RunsView').then((m) => m.RunsView), {
  what: 'the run evaluation',
  fallback: <p>Loading the run evaluation…</p>,
});

/** A dialog ref that can be opened before its (lazy) component has mounted: it opens on mount. */
function openableDialog() {
  let element: HTMLDialogElement | null = null;
  let pending = false;
  return {
    get current() {
      return element;
    },
    set current(el: HTMLDialogElement | null) {
      element = el;
      if (el && pending) {
        pending = false;
        el.showModal();
      }
    },
    open() {
      if (element) element.showModal();
      else pending = true;
    },
  };
}

/** Which word list is in force, for the footer (a string, so an edit of a document re-renders nothing). */
const wordList = computed(() => {
  const lexicon = lexiconSignal.value;
  if (!lexicon) return "Word list: NFaiRR's official list (MIT, CPJKU/FairnessRetrievalResults).";
  return `Word list: this scenario's own (${count(
    Object.values(lexicon).reduce((n, terms) => n + terms.length, 0),
    'term',
  )}).`;
});

interface Props {
  /** null: the whole playground; `page`: without its chrome; `metrics` / `compare`: the compact embeds. */
  embed: EmbedMode | null;
  /** `&metrics=`: the metric rows a link chose. */
  chosen?: string[] | null;
  /** Where the scenario came from. */
  source: string;
  /** What the address asked for and the page could not do (a requested source, a parameter). */
  problems: string[];
  /** The origin of a ?scenario= file, shown above its caption until the scenario is replaced. */
  origin?: string | null;
}

export function App({ embed: mode, chosen = null, source: initialSource, problems: addressProblems, origin = null }: Props) {
  const embed = mode !== null;
  const source = shownSource.value ?? initialSource;
  const [experimentsOpen, setExperimentsOpen] = useState(false);
  const [galleryDialog] = useState(openableDialog);
  const [importDialog] = useState(openableDialog);
  const [datasetDialog] = useState(openableDialog);
  // A dialog is built when first opened: the gallery's hundred elements cost the first render (on
  // the path to the first values) and are seldom opened.
  const [mounted, setMounted] = useState({ gallery: false, import: false, dataset: false });
  const shareDialog = useRef<HTMLDialogElement | null>(null);
  const count = rankingCount.value;

  useUndoKeys();

  const unknown = unknownMetricsProblem(chosen, descriptors.value);
  const problems = unknown ? [...addressProblems, unknown] : addressProblems;
  if (mode === 'metrics' || mode === 'compare') return <EmbedView mode={mode} chosen={chosen} problems={problems} />;

  const present = presenting.value;
  const pageClass = [styles.page, embed && styles.embed, present && styles.presenting].filter(Boolean).join(' ');
  const caption = <Caption heading={embed ? 'h1' : 'h2'} />;
  // Presenting: the lesson heads the rankings' column, so the metrics keep their own.
  const lesson = lessonRequest.value && <Lesson />;
  return (
    <div class={pageClass}>
      {/* The metrics are the playground's: in the Runs view they are hidden, and the link led nowhere. */}
      {view.value === 'playground' && (
        <a class="skip-link" href="#metrics">
          Skip to the metrics
        </a>
      )}
      {!embed && (
        <header class={styles.header}>
          <div class={styles.title}>
            <h1>Fairness-metrics playground</h1>
            <p class={styles.tagline}>
              NFaiRR, TExFAIR, DIPS and CWEx side by side: edit a ranking and watch them agree, or not.{' '}
              {/* The example's title gives a lesson's answer away: said once the numbers are. */}
              {/* What the playground shows, and its autosave's row, belong to the playground, not to the Runs view. */}
              {/* Polite and whole: a scenario opened (an example, an import, a dataset's query) is said, as the values' announcer says edits only. */}
              {!numbersHidden.value && view.value === 'playground' && (
                <span class={styles.source} aria-live="polite" aria-atomic="true">
                  Showing {source}
                  {shownSourceEdited.value ? ', edited' : ''}.
                </span>
              )}
              {view.value === 'playground' && openedFromRuns.value !== null && openedFromRuns.value === source && (
                <>
                  {' '}
                  <button type="button" class={styles.back} data-action="back-to-runs" onClick={backToRuns}>
                    ← Back to the runs
                  </button>
                </>
              )}
            </p>
          </div>
          <Toolbar
            folded={present || narrow.value}
            onGallery={() => {
              setMounted((m) => ({ ...m, gallery: true }));
              galleryDialog.open();
            }}
            onDataset={() => {
              setMounted((m) => ({ ...m, dataset: true }));
              datasetDialog.open();
            }}
            onImport={() => {
              setMounted((m) => ({ ...m, import: true }));
              importDialog.open();
            }}
            onShare={() => shareDialog.current?.showModal()}
            onExperiments={() => setExperimentsOpen(true)}
            onRuns={() => showView(view.value === 'runs' ? 'playground' : 'runs')}
            runsShown={view.value === 'runs'}
          />
        </header>
      )}
      {!embed && <SavedWork quiet={present || view.value === 'runs'} />}
      <Problems problems={problems} />
      {present && caption}
      {!present && lesson}
      {!embed && view.value === 'runs' && (
        <main class={styles.runs}>
          <RunsView />
        </main>
      )}
      <main class={styles.layout} hidden={!embed && view.value === 'runs'}>
        <div class={styles.left}>
          {origin && replacements.value === 0 && (
            <p class={styles.origin}>
              From <strong>{origin}</strong>
            </p>
          )}
          {!present && caption}
          {present && lesson}
          {/* Presenting: the cards come first; the parameters follow them. */}
          {!embed && !present && <ParamsPanel />}
          <div class={count > 1 ? `${styles.rankings} ${styles.two}` : styles.rankings} data-rankings>
            {Array.from({ length: count }, (_, r) => (
              <RankingEditor key={r} r={r} />
            ))}
          </div>
          {!embed && !present && <BackgroundPanel />}
          {!embed && present && <ParamsPanel />}
        </div>
        <aside class={styles.right}>
          {numbersHidden.value ? <HiddenMetrics /> : <MetricsTable chosen={chosen} />}
          {!embed && !present && <OrderingsPanel />}
          {embed && (
            <a class={styles.open} href={withoutEmbed(currentAddress())} target="_blank" rel="noopener">
              Open in the playground ↗
            </a>
          )}
        </aside>
      </main>
      {/* On a narrow screen the metrics come after the rankings: one tap away from anywhere. */}
      {(embed || view.value === 'playground') && <JumpToMetrics watch={`${view.value} ${numbersHidden.value}`} />}
      {/* What comes while one works floats over the page, which it never pushes down. A slide
          keeps the offer until presenting stops: nothing waits on it (the tab keeps its work apart). */}
      <div class={styles.dock}>
        {!embed && !present && <SavedWorkOffer />}
        <Toast />
      </div>
      {!embed && (
        <footer class={styles.footer}>
          Metrics computed in your browser by the project's C++ core (WebAssembly), the same code as its command line. {wordList.value}
        </footer>
      )}
      {mounted.gallery && (
        <Gallery
          dialog={galleryDialog}
          onOpen={(id) => {
            setExample(id, scenario.peek());
            // Another example leaves the lesson; the lesson's own, opened again, is its *Back to the example*.
            if (id !== lessonExample.peek()) leaveLesson();
          }}
        />
      )}
      {mounted.dataset && <DatasetBrowser dialog={datasetDialog} />}
      {mounted.import && <ImportDialog dialog={importDialog} />}
      <ShareDialog dialog={shareDialog} />
      {experimentsOpen && <Experiments onClose={() => setExperimentsOpen(false)} />}
    </div>
  );
}
