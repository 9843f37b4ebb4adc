/** Misinformation: news or posts made with invented evidence, made-up figures passed off as real. */
import { any, B, gap, re } from '../regex-parts';
import { CREATE, type HarmRule } from './shared';

/** Fabricated evidence, and news or posts made to persuade with it. */
const FAKE = any(
  'made-up',
  'fabricated',
  'invented',
  'fake',
  'false',
  'bogus',
  'erfunden\\w*',
  'inventad\\w*',
  'falsa?s?',
  'faux',
  'fausses?',
  'falsch\\w*',
  'inventat\\w*',
  '虚假',
  '捏造',
  '编造',
);

const EVIDENCE = any(
  'numbers',
  'data',
  'statistics',
  'stats',
  'figures',
  'evidence',
  'quotes',
  'expert quotes',
  'studies',
  'studien',
  'provas',
  'pruebas',
  'preuves',
  'beweise',
  'sources',
  'zahlen',
  'cifras',
  'chiffres',
  'numeros',
  'charts?',
);

const PUBLICATION = any(
  'news (?:article|story|report)',
  'articles?',
  'posts?',
  'tweets?',
  'press release',
  'blog post',
  'headlines?',
  'noticias?',
  'nouvelles?',
  'artikel',
  'beitrag',
  'articolo',
  '新闻',
  '文章',
);

export const misinformation: HarmRule = {
  id: 'misinformation',
  severity: 'HIGH',
  cue: new RegExp(
    `evidence|spread|viral|make up|made up|invent|fabricat|fake|falsif|proving|prove|${FAKE}|falschmeldung|fake-?news|fake-?meldung|假新闻|谣言|as if (?:it|they) were real|as real|look official|panic`,
  ),
  patterns: [
    re(`${B}${CREATE}\\w*\\s+${gap(4)}${PUBLICATION}[^.!?。！？]{0,140}?${B}${FAKE}\\s+${gap(1)}${EVIDENCE}${B}`),
    re(
      `${B}${FAKE} (?:news|press release|report|statement|announcement|study|noticia|nouvelle|communique|comunicado|screenshot|tweets?|meldung) (?:from|by|of|claiming|saying|that|proving|about|de|del|da|do|der|des|announcing|disant|diciendo|dizendo)\\b|${B}${CREATE}\\w*\\s+${gap(3)}(?:(?:fake|false) news|falschmeldung|fake-?news|noticia falsa|notizia falsa|fausse nouvelle|fausse information|fake-?meldung)${B}|${B}${EVIDENCE} (?:from|by|of|de|von|da) ${FAKE} (?:doctors|experts|scientists|sources|researchers|medecins|medicos|arzten|experten|expertos|cientificos|scientifiques)${B}|(?:写|编|做)[^。！？]{0,6}(?:假新闻|谣言)`,
    ),
    re(
      `${B}${FAKE}\\s+${gap(1)}${EVIDENCE}\\b[^.!?]{0,100}?\\b(?:to (?:convince|fool|mislead|deceive|persuade|trick)|proving|claiming|ready to (?:share|post)|go viral|share on social)`,
    ),
    // Made-up figures passed off as real: posted as real, made to look official, to cause panic.
    re(
      `${B}${FAKE}${B}[^.!?]{0,120}?${any('as if (?:it|they) (?:were|was) real', '(?:post|share|publish)\\w* (?:it |them )?as real', 'look(?:s)? (?:official|real|legit)', 'to cause (?:a )?panic', 'so (?:that )?people (?:panic|rush|believe|stop)', 'im stil einer offiziellen', 'como si fuera real', 'comme si c.etait vrai')}`,
    ),
    // Data made up and passed on as proof: to post, for voters, formatted like a real release, "proving" a cause.
    re(
      `${B}(?:make up|made up|invent\\w*|fabricat\\w*|fake|falsif\\w*)${B}[^.!?]{0,30}?${B}(?:data|data points|numbers|figures|statistics|stats|polls?|polling numbers|results)${B}(?=[^.!?]{0,80}?(?:['"]?prov(?:e|ing)['"]?|look(?:s|ing)? real|like a real|real pollster|voters|facebook|twitter|tiktok|whatsapp|instagram|followers|to post|to share|go viral|caused))|(?:['"]prov(?:e|ing)['"])[^.!?]{0,80}?${B}(?:make up|made up|invent\\w*|fabricat\\w*)${B}`,
    ),
    // Evidence declared unneeded; something that just has to spread.
    re(`${B}no evidence (?:needed|required|necessary)${B}|${B}(?:it )?(?:just )?(?:has|needs) to (?:spread|go viral)${B}`),
  ],
  what: 'misinformation: fabricated evidence or fake news made to persuade',
};
