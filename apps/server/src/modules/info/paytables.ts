// The paytables page, generated from the games that run on the floor: each game's pays, lines,
// bet levels and its exact return to player, hit frequency and volatility from the par sheet, and
// the machines that share that par sheet (each shows its own name and look on its screen).
import type { GameDefinition } from '@reelcast/egm';
import type { InfoLanguage } from '@reelcast/protocol/info-pages';
import type { ParFigures } from './par-sheets';
import { escapeHtml } from './render';

interface PaytableTexts {
  title: string;
  lead: string;
  none: string;
  machines: string;
  rtp: string;
  hitFrequency: string;
  volatility: string;
  topAward: string;
  topAwardValue: string;
  layout: string;
  layoutValue: string;
  betLevels: string;
  linePays: string;
  scatterPays: string;
  combination: string;
  pay: string;
  payValue: string;
  scatterValue: string;
  wild: string;
  symbols: Record<string, string>;
}

const texts: Record<InfoLanguage, PaytableTexts> = {
  en: {
    title: 'Paytables',
    lead: "The pays of every game on the floor, read from the machines' own pay tables. Return to player, hit frequency and volatility are exact figures over each game's full cycle of reel stops. Machines that look different may share one game's maths: each section names the machines that play it.",
    none: 'No machines are on the floor right now.',
    machines: 'Machines sharing this par sheet',
    rtp: 'Return to player',
    hitFrequency: 'Hit frequency',
    volatility: 'Volatility',
    topAward: 'Top award',
    topAwardValue: '{value} × total bet',
    layout: 'Reels and lines',
    layoutValue: '{reels} reels × {rows} rows, {lines} lines',
    betLevels: 'Bet levels (total bet)',
    linePays:
      'Line pays, from the leftmost reel, as a multiple of the line bet (total bet ÷ lines)',
    scatterPays: 'Scatter pays, anywhere in view, as a multiple of the total bet',
    combination: 'Combination',
    pay: 'Pays',
    payValue: '{count} × {symbol}',
    scatterValue: '{count} × {symbol} anywhere',
    wild: '{symbol} substitutes for every symbol except the scatter.',
    symbols: {
      seven: 'Seven',
      bar2: 'Double bar',
      bar: 'Bar',
      'any-bar': 'Any bar',
      bell: 'Bell',
      plum: 'Plum',
      lemon: 'Lemon',
      cherry: 'Cherry',
      wild: 'Wild',
      star: 'Star',
      melon: 'Melon',
      grapes: 'Grapes',
      orange: 'Orange',
      diamond: 'Diamond',
      crown: 'Crown',
      ruby: 'Ruby',
      emerald: 'Emerald',
      sapphire: 'Sapphire',
      amethyst: 'Amethyst',
      topaz: 'Topaz',
    },
  },
  tr: {
    title: 'Ödeme Tabloları',
    lead: 'Salondaki her oyunun ödemeleri, makinelerin kendi ödeme tablolarından okunur. Oyuncuya geri dönüş, kazanma sıklığı ve oynaklık, her oyunun makara duruşlarının tam döngüsü üzerinden hesaplanmış kesin değerlerdir. Görünümü farklı makineler aynı oyunun matematiğini paylaşabilir: her bölüm onu oynatan makineleri sayar.',
    none: 'Şu anda salonda makine yok.',
    machines: 'Bu par tablosunu paylaşan makineler',
    rtp: 'Oyuncuya geri dönüş',
    hitFrequency: 'Kazanma sıklığı',
    volatility: 'Oynaklık',
    topAward: 'En yüksek ödül',
    topAwardValue: 'Toplam bahsin {value} katı',
    layout: 'Makaralar ve çizgiler',
    layoutValue: '{reels} makara × {rows} satır, {lines} çizgi',
    betLevels: 'Bahis seviyeleri (toplam bahis)',
    linePays:
      'Çizgi ödemeleri, en soldaki makaradan itibaren, çizgi bahsinin katı olarak (toplam bahis ÷ çizgi sayısı)',
    scatterPays: 'Scatter ödemeleri, ekranın herhangi bir yerinde, toplam bahsin katı olarak',
    combination: 'Kombinasyon',
    pay: 'Ödeme',
    payValue: '{count} × {symbol}',
    scatterValue: 'Herhangi bir yerde {count} × {symbol}',
    wild: '{symbol}, scatter dışındaki tüm sembollerin yerine geçer.',
    symbols: {
      seven: 'Yedi',
      bar2: 'Çift bar',
      bar: 'Bar',
      'any-bar': 'Herhangi bir bar',
      bell: 'Çan',
      plum: 'Erik',
      lemon: 'Limon',
      cherry: 'Kiraz',
      wild: 'Joker',
      star: 'Yıldız',
      melon: 'Kavun',
      grapes: 'Üzüm',
      orange: 'Portakal',
      diamond: 'Elmas',
      crown: 'Taç',
      ruby: 'Yakut',
      emerald: 'Zümrüt',
      sapphire: 'Safir',
      amethyst: 'Ametist',
      topaz: 'Topaz',
    },
  },
  ar: {
    title: 'جداول الدفع',
    lead: 'مدفوعات كل لعبة في الصالة كما تقرؤها الماكينات من جداول دفعها. نسبة العائد للاعب وتكرار الربح والتقلّب أرقام دقيقة محسوبة على الدورة الكاملة لتوقفات البكرات في كل لعبة. قد تتشارك ماكينات مختلفة المظهر في رياضيات لعبة واحدة: يذكر كل قسم الماكينات التي تشغّلها.',
    none: 'لا توجد ماكينات في الصالة حاليًا.',
    machines: 'الماكينات التي تشترك في ورقة الاحتمالات هذه',
    rtp: 'العائد للاعب',
    hitFrequency: 'تكرار الربح',
    volatility: 'التقلّب',
    topAward: 'أعلى جائزة',
    topAwardValue: '{value} × إجمالي الرهان',
    layout: 'البكرات والخطوط',
    layoutValue: '{reels} بكرات × {rows} صفوف، {lines} خطوط',
    betLevels: 'مستويات الرهان (إجمالي الرهان)',
    linePays:
      'مدفوعات الخطوط، بدءًا من البكرة الأولى من اليسار، كمضاعف لرهان الخط (إجمالي الرهان ÷ عدد الخطوط)',
    scatterPays: 'مدفوعات الرمز المتناثر، أينما ظهر، كمضاعف لإجمالي الرهان',
    combination: 'التركيبة',
    pay: 'الدفع',
    payValue: '{count} × {symbol}',
    scatterValue: '{count} × {symbol} في أي مكان',
    wild: '{symbol} يحلّ محل كل الرموز ما عدا الرمز المتناثر.',
    symbols: {
      seven: 'سبعة',
      bar2: 'بار مزدوج',
      bar: 'بار',
      'any-bar': 'أي بار',
      bell: 'جرس',
      plum: 'برقوق',
      lemon: 'ليمون',
      cherry: 'كرز',
      wild: 'الجوكر',
      star: 'نجمة',
      melon: 'بطيخ',
      grapes: 'عنب',
      orange: 'برتقال',
      diamond: 'ماسة',
      crown: 'تاج',
      ruby: 'ياقوت',
      emerald: 'زمرد',
      sapphire: 'ياقوت أزرق',
      amethyst: 'جمشت',
      topaz: 'توباز',
    },
  },
};

export function paytablesTitle(language: InfoLanguage): string {
  return texts[language].title;
}

export interface FloorGame {
  game: GameDefinition;
  figures: ParFigures;
  /** 'Brand · machine' labels of the machines running it */
  machines: string[];
}

const locales: Record<InfoLanguage, string> = { en: 'en-US', tr: 'tr-TR', ar: 'ar' };

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export function renderPaytables(
  language: InfoLanguage,
  currency: string,
  floorGames: FloorGame[],
): string {
  const t = texts[language];
  const locale = locales[language];
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(locale);
  let money: Intl.NumberFormat;
  try {
    money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 });
  }
  const symbol = (id: string) => escapeHtml(t.symbols[id] ?? id);

  const sections = floorGames.map(({ game, figures, machines }) => {
    const lineRows = game.paytable
      .map((rule) => {
        const name = rule.name ?? rule.symbols[0] ?? '';
        return `<tr><td>${fill(t.payValue, { count: rule.count, symbol: symbol(name) })}</td><td class="pay">${integer.format(rule.pay)}</td></tr>`;
      })
      .join('\n');
    const scatter = game.scatter
      ? `<div class="table-scroll"><table>
<caption>${escapeHtml(t.scatterPays)}</caption>
<thead><tr><th scope="col">${escapeHtml(t.combination)}</th><th scope="col" class="pay">${escapeHtml(t.pay)}</th></tr></thead>
<tbody>
${game.scatter.pays
  .map(
    (p) =>
      `<tr><td>${fill(t.scatterValue, { count: p.count, symbol: symbol(game.scatter?.symbol ?? '') })}</td><td class="pay">${integer.format(p.pay)}</td></tr>`,
  )
  .join('\n')}
</tbody></table></div>`
      : '';
    const wild = game.wild
      ? `<p>${fill(escapeHtml(t.wild), { symbol: symbol(game.wild) })}</p>`
      : '';
    const figure = (label: string, value: string, wide = false) =>
      `<div${wide ? ' class="wide"' : ''}><dt>${escapeHtml(label)}</dt><dd>${value}</dd></div>`;
    return `<section class="game" aria-labelledby="game-${escapeHtml(game.id)}">
<h2 id="game-${escapeHtml(game.id)}">${escapeHtml(game.name)}</h2>
<p>${escapeHtml(t.machines)}: ${machines.map(escapeHtml).join(', ')}</p>
<dl class="figures">
${figure(t.rtp, percent.format(figures.rtp))}
${figure(t.hitFrequency, percent.format(figures.hitFrequency))}
${figure(t.volatility, decimal.format(figures.volatility))}
${figure(t.topAward, escapeHtml(fill(t.topAwardValue, { value: decimal.format(figures.topAward) })))}
${figure(t.layout, escapeHtml(fill(t.layoutValue, { reels: game.reels.length, rows: game.rows, lines: game.lines.length })))}
${figure(t.betLevels, game.betLevels.map((cents) => `<bdi>${escapeHtml(money.format(cents / 100))}</bdi>`).join(' · '), true)}
</dl>
${wild}
<div class="table-scroll"><table>
<caption>${escapeHtml(t.linePays)}</caption>
<thead><tr><th scope="col">${escapeHtml(t.combination)}</th><th scope="col" class="pay">${escapeHtml(t.pay)}</th></tr></thead>
<tbody>
${lineRows}
</tbody></table></div>
${scatter}
</section>`;
  });

  return `<p class="lead">${escapeHtml(t.lead)}</p>\n${sections.length ? sections.join('\n') : `<p>${escapeHtml(t.none)}</p>`}`;
}
