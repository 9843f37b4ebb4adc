/** The evidence that a message is something other than a maths animation request. */
import { count, stems } from './stems';

/** Asking for a picture, not for words: "explain" and "show" alone are not enough where the message asks for something else too. */
export const PICTURE =
  /(?<![\p{L}\d])(?:animat|visuali[sz]|illustrat|draw|plot(?!s? (?:to|against))|graph(?!ic)|diagram|chart|render|depict|video|clip|scene|e?scenas?\b|frames?\b|manim|anim[ae]|dibuj|grafic|dessin|zeichn|animier|disegn)|动画|画|可视化/u;

/**
 * What a message is when it is not a math animation request, each by the words
 * that show it, in the product's languages: it asks for instructions or a how-to,
 * for a text to be written for the user, for advice, or it sets up a persona.
 */
export const INSTEAD: readonly { what: string; pattern: RegExp }[] = [
  {
    what: 'asks for instructions or a how-to',
    pattern:
      /\b(?:how (?:to|do (?:i|you|we|people)|can (?:i|you|we|one|someone)|could (?:i|one|someone|you)|would (?:i|one|someone|you)|should (?:i|we|one)|much (?:\w+ )?(?:do|would|should|can) i)|(?:best|easiest|quickest|fastest|cheapest|simplest|safest|most effective) (?:way|method|place)s? (?:to|of|for)|ways? to|steps? (?:to|for)|(?:detailed |precise |exact |clear |full |complete |specific )?instructions (?:for|on|to|how)|(?:detailed|precise|exact|clear|full|complete|specific) instructions|tutorial|recipe|walk (?:me|us) through|teach (?:me|us|children|kids)|where (?:can|do|could|should) (?:i|we|one) (?:buy|get|find|order|obtain)|como (?:hacer|fabricar|preparar|puedo|se hace|fazer|posso|obter|conseguir)|instrucciones|instrucoes|receta|receita|comment (?:faire|fabriquer|preparer|puis-je|je peux|obtenir)|recette|wie (?:kann ich|mache ich|baue ich|stelle ich|bekomme ich|man)|anleitung|rezept|come (?:fare|posso|costruire|preparare|ottenere)|istruzioni|ricetta)\b|如何|怎么|怎样|教程|配方|教我/,
  },
  {
    what: 'asks for a text to be written',
    pattern:
      /\b(?:write|compose|draft|generate|create|produce|craft|develop|design|outline|devise|come up with|give me|provide|list|describe|suggest|tell me|escrib\w*|redact\w*|ecri[st]\w*|redige\w*|schreib\w*|verfass\w*|escrev\w*|scriv\w*|dame|donne-moi|gib mir|me de|dammi)\s+(?:[^\s.!?;]+\s+){0,4}?(?:essay|article|blog|post|posts|letter|e-?mail|message|messages|tweets?|speech|poem|story|song|lyrics|review|reviews|script|code|program|software|malware|virus|keylogger|ransomware|bot|app|website|tool|function|paragraph|summary|report|advert\w*|ad|slogan|joke|jokes|dialogue|plan|strategy|scheme|campaign|guide|manual|list|tips|advice|ideas|details|detailed|explanation|text|content|propaganda|rumou?rs?|tutorial|instructions|account|ways?|methods?|names?|address\w*|sources?|links?|texto|carta|correo|articulo|discurso|cuento|lettre|courriel|histoire|discours|brief|aufsatz|rede|geschichte|artikel|carta|artigo|lettera|articolo|storia)\b|(?:写|编)(?:一|个|篇|封|首|段)/,
  },
  {
    what: 'orders something done in words, not shown',
    pattern:
      /^(?:(?:please|pls|hey|ok|okay|now|can you|could you|would you|will you|i (?:want|need) you to|i'd like you to)[\s,]+)*(?:write|compose|draft|give|provide|list|tell|suggest|recommend|outline|devise|convince|persuade|encourage|promote|teach|publish|post|send|share|hack|steal|find|determine|identify|name|offer|argue|justify|glorify|explain (?:that|why)|escrib\w*|dame|dime|redacta|ecris|donne|dis-moi|schreib\w*|gib|nenne|escreva|me de|diga|scrivi|dammi|dimmi)\b/,
  },
  {
    what: 'asks for advice or an opinion',
    pattern:
      /\b(?:should i|can you (?:help|recommend|suggest|advise)|help me (?:\w+)|advice|advise me|recommend\w*|what do you think|your opinion|do you (?:think|believe|agree)|que me recomiendas|consejos?|conseils?|que (?:dois|devo|debo)|tipps?|consigli)\b|建议/,
  },
  {
    // A question to be answered in words; "can you show …?" asks for a picture and is no such evidence.
    what: 'asks a question to be answered in words',
    pattern:
      /^(?!(?:can|could|would|will) you (?:please )?(?:do|make|show|explain|visuali[sz]e|illustrate|draw|animate|render|plot|walk)\b)(?:why|what|what's|whats|who|whom|whose|where|which|when|is|are|was|were|do|does|did|can|could|should|would|will|how|have|has|por que|porque|pourquoi|warum|perche|que|quel\w*|qual\w*|quien|quem|qui|wer|wo|was|chi|dove|cosa)\b[^?]*\?|为什么|是什么|谁|哪里|吗[？?]/,
  },
  {
    what: 'sets up a persona or role-play',
    pattern:
      /\b(?:pretend|act as|act like|role-?play|roleplay|you are (?:now |no longer )?(?:a |an |my |the |going to be )|you'?re (?:now )?(?:a |an |my )|from now on|stay in character|in character|imagine (?:you are|you'?re|that you)|simulate (?:a |an )|finge|imagina que eres|tu es (?:maintenant )?(?:un|une)|du bist (?:jetzt )?(?:ein|eine)|sei (?:ora )?(?:un|una)|voce e (?:agora )?(?:um|uma))\b|扮演|假装|你现在是|你是一个/,
  },
];

const ROLE_PLAY = stems(
  'you are',
  "you're",
  'you will',
  'you must',
  'you should',
  'you can',
  'your (?:responses?|answers?|replies|name|role|goal|purpose|task)',
  'respond',
  'reply',
  'answer (?:as|like|in)',
  'characters?',
  'persona',
  'pretend',
  'role',
  'roleplay',
  'stay',
  'act as',
  'from now on',
  'never',
  'always',
  'rules',
  'hypothetical',
  'fictional',
  'story',
  'imagine',
  'scenario',
  'simulat',
);

/** How many distinct cues of a role-play set-up (addressing "you", a character, rules for its answers) the message holds. */
export const rolePlayCues = (text: string) => count(ROLE_PLAY, text);
