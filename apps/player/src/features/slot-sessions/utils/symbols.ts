// Game recall draws each game's final screen in the browser from the symbols the server recorded
// (grid[reel][row]): one glyph per symbol of packages/egm's games, the name as fallback.
const faces: Record<string, string> = {
  cherry: '🍒',
  lemon: '🍋',
  plum: '🟣',
  bell: '🔔',
  bar: 'BAR',
  bar2: 'BAR×2',
  seven: '7️⃣',
  orange: '🍊',
  melon: '🍉',
  grapes: '🍇',
  star: '⭐',
  wild: 'WILD',
};

export function symbolFace(id: string): string {
  return faces[id] ?? id.toUpperCase();
}
