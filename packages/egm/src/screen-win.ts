// The pieces laid over the reels: the win presentation (dimmed cells, win lines, pulsing frames,
// the pill at the window's foot), hand pay and fault notices, and attract mode's panel and title.
import {
  ATTRACT_STEP_MS,
  type AttractSprite,
  attractPageAt,
  attractPages,
  drawAttractPanel,
  pageKey,
  TITLE_PULSE,
} from './attract';
import type { Egm } from './egm';
import type { EgmState } from './egm-events';
import type { GameDefinition, LineWin, ScatterWin, SpinOutcome } from './game';
import { formatMoney } from './money';
import {
  type Art,
  LINE_COLOURS,
  type NoticeText,
  noticeSprite,
  pillSprite,
  SCATTER_COLOUR,
  type Sprite,
} from './screen-art';
import type { Device, Piece, Slots } from './screen-regions';

/** One layout's drawing of one machine, and what the win presentation remembers between frames. */
export interface Scene {
  egm: Egm;
  game: GameDefinition;
  art: Art;
  d: Device;
  s: Slots;
  titleGlow: AttractSprite;
  attractAfterMs: number;
  /** The outcome presented and since when (machine time). */
  shown: SpinOutcome | null;
  shownAt: number;
  /** Attract panel pages drawn, by page key (a few). */
  panels: Map<string, AttractSprite>;
}

/** A sprite drawn as it is, at whole pixels. */
export function spritePiece(sc: Scene, id: string, key: string, sprite: Sprite): Piece {
  const { canvas, x, y } = sprite;
  return {
    id,
    key,
    box: sc.d.box({ x, y, w: canvas.width, h: canvas.height }),
    plain: true,
    draw: (ctx) => ctx.drawImage(canvas, x, y),
  };
}

export function addPill(out: Piece[], sc: Scene, text: string, border: string, px: number) {
  const sprite = pillSprite(sc.art, text, border, px);
  out.push(spritePiece(sc, 'pill', `${text}|${border}|${px}`, sprite));
}

/** A winning symbol's frame, pulsing. */
function cellFrame(
  sc: Scene,
  id: string,
  key: string,
  cell: [number, number],
  look: { colour: string; pulse: number },
): Piece {
  const [reel, row] = cell;
  const g = sc.art.geometry;
  const { colour, pulse } = look;
  return {
    id,
    key: `${key}|${pulse}`,
    box: sc.s.cellBoxes[reel]![row]!,
    draw: (ctx) => {
      ctx.lineJoin = 'round';
      ctx.strokeStyle = colour;
      ctx.globalAlpha = pulse;
      ctx.lineWidth = 4;
      ctx.strokeRect(g.x[reel]! + 3, g.top + row * g.rowH + 3, g.w - 6, g.rowH - 6);
    },
  };
}

/** Every cell not lit by a win shaded. */
function dimPiece(sc: Scene, lit: Set<string>): Piece {
  const { game } = sc;
  const g = sc.art.geometry;
  return {
    id: 'dim',
    key: [...lit].sort().join(' '),
    box: sc.s.windowBox,
    draw: (ctx) => {
      ctx.fillStyle = 'rgba(0,0,0,0.45)';
      for (let r = 0; r < game.reels.length; r++)
        for (let row = 0; row < game.rows; row++)
          if (!lit.has(`${r},${row}`)) ctx.fillRect(g.x[r]!, g.top + row * g.rowH, g.w, g.rowH);
    },
  };
}

function winPill(out: Piece[], sc: Scene, outcome: SpinOutcome, all: boolean, wins: LineWin[]) {
  const scatter: ScatterWin | null = outcome.scatter;
  if (all) addPill(out, sc, `WIN ${formatMoney(outcome.win)}`, '#ffd54a', 18);
  else if (wins.length > 0) {
    const w = wins[0]!;
    const colour = LINE_COLOURS[w.line % LINE_COLOURS.length]!;
    addPill(out, sc, `LINE ${w.line + 1}  PAYS ${formatMoney(w.pay)}`, colour, 16);
  } else if (scatter)
    addPill(
      out,
      sc,
      `${scatter.count} SCATTERS PAY ${formatMoney(scatter.pay)}`,
      SCATTER_COLOUR,
      16,
    );
}

/** `since`: ms since the result was first shown, in whole animation steps. */
export function addWin(out: Piece[], sc: Scene, outcome: SpinOutcome, since: number) {
  // All wins together first, then each line (and the scatter, last) in turn.
  const { game, art } = sc;
  const { lines, scatter } = outcome;
  const steps = lines.length + (scatter ? 1 : 0);
  const all = since < 1200;
  const current = all ? -1 : Math.floor((since - 1200) / 1000) % steps;
  const wins = all ? lines : current < lines.length ? [lines[current]!] : [];
  const scatterCells = scatter && (all || current === lines.length) ? scatter.cells : [];
  const lit = new Set<string>();
  for (const w of wins) {
    const rows = game.lines[w.line]!;
    for (let r = 0; r < w.count; r++) lit.add(`${r},${rows[r]}`);
  }
  for (const [reel, row] of scatterCells) lit.add(`${reel},${row}`);
  out.push(dimPiece(sc, lit));
  const pulse = 0.65 + 0.35 * Math.sin(since / 90);
  wins.forEach((w, k) => {
    const rows = game.lines[w.line]!;
    const colour = LINE_COLOURS[w.line % LINE_COLOURS.length]!;
    const overlay = art.overlay;
    out.push({
      id: `line${k}`,
      key: String(w.line),
      box: sc.s.overlayBox,
      plain: true,
      draw: (ctx) => ctx.drawImage(art.lines[w.line]!, overlay.x, overlay.y),
    });
    for (let r = 0; r < w.count; r++)
      out.push(cellFrame(sc, `line${k}.${r}`, String(w.line), [r, rows[r]!], { colour, pulse }));
  });
  scatterCells.forEach((cell, k) => {
    out.push(cellFrame(sc, `scatter.${k}`, 'scatter', cell, { colour: SCATTER_COLOUR, pulse }));
  });
  winPill(out, sc, outcome, all, wins);
}

/** What a hand pay or a fault puts over the reels, if anything. */
export function addNotice(out: Piece[], sc: Scene, state: EgmState) {
  let text: NoticeText | null = null;
  const handPay = state.handPay > 0 ? formatMoney(state.handPay) : null;
  if (state.status === 'fault') {
    const tilted = state.tilt !== null;
    text = {
      title: state.doorOpen ? 'DOOR OPEN' : tilted ? 'TILT' : 'OUT OF SERVICE',
      detail: handPay
        ? `HAND PAY PENDING ${handPay}`
        : tilted
          ? state.tilt!.toUpperCase()
          : 'PLAY RESUMES WHEN THE DOOR CLOSES',
      amount: null,
    };
  } else if (handPay !== null)
    text = { title: 'HAND PAY PENDING', detail: 'PLEASE CALL AN ATTENDANT', amount: handPay };
  if (!text) return;
  const key = `${text.title}|${text.detail}|${text.amount}`;
  out.push(spritePiece(sc, 'notice', key, noticeSprite(sc.art, text)));
}

/** Attract mode, `since` ms in: a page of the panel over the reels and the title's pulse. */
export function addAttract(out: Piece[], sc: Scene, credits: number, since: number) {
  const pages = attractPages(sc.game, credits);
  const page = pages[attractPageAt(pages, since)]!;
  const key = pageKey(page);
  let panel = sc.panels.get(key);
  if (!panel) {
    panel = drawAttractPanel(sc.art.geo, page, sc.art.look);
    if (sc.panels.size >= 8) sc.panels.clear();
    sc.panels.set(key, panel);
  }
  out.push(spritePiece(sc, 'attract', key, panel));
  const level = TITLE_PULSE[Math.floor(since / ATTRACT_STEP_MS) % TITLE_PULSE.length]!;
  const glow = sc.titleGlow;
  if (level > 0)
    out.push({
      id: 'title',
      key: String(level),
      box: sc.s.titleBox,
      draw: (ctx) => {
        ctx.globalAlpha = level / 4;
        ctx.drawImage(glow.canvas, glow.x, glow.y);
      },
    });
}
