// The cabinet's controls as sprites: each button in every state (its colours keep their meaning
// on every look; the rim is the look's metal) and the bulbs either side of the title.
import type { Canvas } from '@napi-rs/canvas';
import { metalGradient } from './art-cabinet';
import { type Ctx, SANS } from './draw-kit';
import type { Button, LayoutGeometry, Rect } from './layout';
import type { Look } from './looks';
import { offscreen } from './offscreen';

export const BUTTON_PAD = 10;

export type ButtonVariant = 'normal' | 'pressed' | 'disabled' | 'lit' | 'lit-pressed';

interface ButtonStyle {
  top: string;
  bottom: string;
  text: string;
}

const buttonStyles: Record<Button, ButtonStyle> = {
  'bet-': { top: '#4f86e8', bottom: '#0f2a66', text: '#ffffff' },
  'bet+': { top: '#4f86e8', bottom: '#0f2a66', text: '#ffffff' },
  auto: { top: '#8a6a1e', bottom: '#3a2806', text: '#ffe7a3' },
  collect: { top: '#23b79f', bottom: '#07463b', text: '#ffffff' },
  spin: { top: '#4ef07a', bottom: '#0b6b2a', text: '#ffffff' },
};
const litStyle: ButtonStyle = { top: '#fff07a', bottom: '#ff8f00', text: '#2a1600' };

function buttonLabel(ctx: Ctx, button: Button, r: Rect, style: ButtonStyle, lit: boolean): void {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const text = (s: string, px: number, y: number) => {
    ctx.font = `bold ${px}px ${SANS}`;
    ctx.fillStyle = lit ? 'rgba(255,255,255,0.35)' : 'rgba(0,0,0,0.55)';
    ctx.fillText(s, cx + 1, y + 2);
    ctx.fillStyle = style.text;
    ctx.fillText(s, cx, y);
  };
  switch (button) {
    case 'bet-':
    case 'bet+':
      text('BET', 17, cy - 17);
      text(button === 'bet-' ? '\u2212' : '+', 40, cy + 12);
      break;
    case 'auto':
      text('AUTO', 22, cy - 8);
      text(lit ? 'ON' : 'OFF', 14, cy + 17);
      break;
    case 'collect':
      text('COLLECT', 19, cy);
      break;
    case 'spin':
      text('SPIN', 38, cy + 1);
      break;
  }
}

export function drawButtonSprite(
  geo: LayoutGeometry,
  look: Look,
  button: Button,
  variant: ButtonVariant,
): Canvas {
  const r = geo.buttons[button];
  const [c, ctx] = offscreen(r.w + BUTTON_PAD * 2, r.h + BUTTON_PAD * 2);
  const lit = variant === 'lit' || variant === 'lit-pressed';
  const pressed = variant === 'pressed' || variant === 'lit-pressed';
  const style = lit ? litStyle : buttonStyles[button];
  const rect = {
    x: BUTTON_PAD,
    y: BUTTON_PAD + (pressed ? 3 : 0),
    w: r.w,
    h: r.h - (pressed ? 3 : 0),
  };
  const radius = button === 'spin' ? 22 : 14;
  if (lit) {
    ctx.shadowColor = 'rgba(255,193,7,0.9)';
    ctx.shadowBlur = 16;
  } else if (!pressed) {
    ctx.shadowColor = 'rgba(0,0,0,0.6)';
    ctx.shadowBlur = 8;
    ctx.shadowOffsetY = 3;
  }
  const grad = ctx.createLinearGradient(0, rect.y, 0, rect.y + rect.h);
  grad.addColorStop(0, pressed ? style.bottom : style.top);
  grad.addColorStop(1, pressed ? style.top : style.bottom);
  ctx.fillStyle = grad;
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, radius);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetY = 0;
  ctx.strokeStyle = metalGradient(ctx, look, rect.y, rect.y + rect.h);
  ctx.lineWidth = 3;
  ctx.stroke();
  // Glossy top half.
  ctx.fillStyle = 'rgba(255,255,255,0.16)';
  ctx.beginPath();
  ctx.roundRect(rect.x + 5, rect.y + 4, rect.w - 10, rect.h * 0.42, [radius - 4, radius - 4, 6, 6]);
  ctx.fill();
  buttonLabel(ctx, button, rect, style, lit);
  if (variant === 'disabled') {
    ctx.fillStyle = 'rgba(12,10,16,0.62)';
    ctx.beginPath();
    ctx.roundRect(rect.x - 1, rect.y - 1, rect.w + 2, rect.h + 2, radius);
    ctx.fill();
  }
  return c;
}

/** A bulb of the look's colour, lit or not, 20×20. */
export function drawBulb(look: Look, on: boolean): Canvas {
  const [c, ctx] = offscreen(20, 20);
  const g = ctx.createRadialGradient(8, 8, 1, 10, 10, 10);
  if (on) {
    g.addColorStop(0, '#ffffff');
    g.addColorStop(0.35, look.bulb[0]);
    g.addColorStop(0.7, `rgba(${look.bulb[1]},0.85)`);
    g.addColorStop(1, `rgba(${look.bulb[1]},0)`);
  } else {
    g.addColorStop(0, '#8a6a2a');
    g.addColorStop(0.6, '#4a3510');
    g.addColorStop(0.7, 'rgba(40,25,5,0.8)');
    g.addColorStop(1, 'rgba(40,25,5,0)');
  }
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 20, 20);
  return c;
}
