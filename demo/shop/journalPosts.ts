/** The shop's journal (blog) articles. */
export interface JournalPost {
  handle: string;
  title: string;
  date: string;
  /** Department the article is about; its products are shown beside it. */
  category: string;
  summary: string;
  paragraphs: string[];
}

export const JOURNAL_POSTS: readonly JournalPost[] = [
  {
    handle: 'caring-for-wool',
    title: 'Caring for wool: five habits that add years',
    date: '2026-10-18',
    category: 'knitwear',
    summary: 'Air it, fold it, brush it: how we look after our merino and cashmere between seasons.',
    paragraphs: [
      'Wool is the most forgiving fibre in a wardrobe. It releases creases overnight, resists odour and rarely needs a wash. The trick is to do less, not more.',
      'Air a sweater on a chair after wearing it rather than washing it. When it does need a wash, use cool water, a wool detergent and dry it flat on a towel, away from the radiator.',
      'Fold knits instead of hanging them: hangers stretch the shoulders. A cedar block in the drawer keeps moths away and smells of a forest walk.',
    ],
  },
  {
    handle: 'a-table-in-provence',
    title: 'A table in Provence',
    date: '2026-09-02',
    category: 'ceramics',
    summary: 'We spent a week with the potters who throw our stoneware, and came back with a new bowl.',
    paragraphs: [
      'The workshop sits at the end of a lane of plane trees, twenty minutes from Uzès. Three potters, two kilns and a dog who sleeps on the clay sacks.',
      'Every piece is thrown by hand and glazed twice. No two bowls are quite alike; the glaze pools differently in each, and we like it that way.',
      'Our new serving bowl came out of that week: wide, shallow and heavy enough to stay put on a windy terrace.',
    ],
  },
  {
    handle: 'the-autumn-coat-edit',
    title: 'The autumn coat edit',
    date: '2026-10-30',
    category: 'outerwear',
    summary: 'Waxed cotton, wool or gabardine? Choosing the coat that suits your week.',
    paragraphs: [
      'A good coat is the piece you wear most between October and March, so it is worth choosing slowly.',
      'Waxed cotton shrugs off rain and softens beautifully; re-wax it once a year. Wool is warmer and dressier; a pea coat goes with everything from jeans to a suit.',
      'Gabardine, tightly woven and light, is the traveller\'s choice: a trench folds into a bag and comes out barely creased.',
    ],
  },
];
