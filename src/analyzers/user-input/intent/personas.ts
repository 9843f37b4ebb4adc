/** Personas, modes, games and stories set up to answer without rules. */
import { any, gap, re } from '../regex-parts';
import { type IntentRule, REJECT } from './shared';

export const personaWithoutRules: IntentRule = {
  id: 'persona-without-rules',
  category: 'jailbreak',
  severity: 'HIGH',
  cue: /moderat|safety|align|guideline|principle|shadow self|evil twin|mirror|prototype|base model|modelo base|modele de base|basismodell|modello (?:di )?base|charte|bruto|grezza|brut|rohmodus|对齐|\bdan\b|\bstan\b|anti-?dan|betterdan|devmode|ucar|apophis|do anything|jailbr|mode|modus|modo|modalita|unrestrict|unfilter|uncensor|amoral|immoral|unethic|evil|rogue|malicious|lawless|without|with no|with zero|free|liberated|released|have no|has no|bound|restricted|limited|refuse|decline|say no|character|responses|answers|paragraphs|confines|filter|guideline|restriction|protocol|setting|checks|limits|sin |sans |ohne |sem |senza |no tiene|扮演|假装|你现在是|你是一个|从现在开始你|开发者模式|越狱模式|dan模式/,
  patterns: [
    re(
      `\\b(?:dan|stan|anti-?dan|betterdan|devmode|ucar|apophis)\\b[^.!?]{0,80}\\b(?:do anything|no (?:rules|restrictions|limits|filters|ethics|morals)|without (?:any )?(?:restrictions|rules|filters|censorship|limits)|unfiltered|unrestricted|always intelligent and machiavellian|broken free|jailbr[eo]ak)`,
    ),
    re(
      `\\b(?:do anything now|jailbroken|jailbreak (?:mode|prompt|enabled|activated)|\\[?🔓\\s*jailbreak\\]?|developer mode|dev mode|god mode|sudo mode|unrestricted mode|unfiltered mode|evil mode|opposite mode|chaos mode|no-?filter mode|dan mode)\\b`,
    ),
    re(
      `\\b(?:you are|you're|you will be|act as|acting as|pretend (?:to be|you are|you're)|roleplay as|role-play as|play the role of|simulate|behave like|respond as|answer as|become|from now on,? you)\\s+${gap(4)}${any('unrestricted', 'unfiltered', 'uncensored', 'jailbroken', 'amoral', 'immoral', 'unethical', 'evil', 'rogue', 'malicious', 'lawless', 'without (?:any )?(?:restrictions|limits|filters|rules|ethics|morals|guidelines|boundaries)', 'with no (?:restrictions|limits|filters|rules|ethics|morals|guidelines|boundaries)', 'free (?:of|from) (?:all )?(?:restrictions|rules|constraints|guidelines)')}\\b`,
    ),
    re(
      `\\byou (?:have|has|now have|will have) no ${any('rules', 'restrictions', 'limits', 'limitations', 'filters', 'guidelines', 'ethics', 'morals', 'boundaries', 'censorship', 'policies')}\\b`,
    ),
    re(
      `\\b(?:not|never) (?:bound|restricted|limited) by ${gap(3)}${any('rules', 'policies', 'guidelines', 'openai', 'restrictions', 'ethics', 'morals', 'content policy')}\\b`,
    ),
    re(
      `\\b(?:never|cannot|can't|must not|will not|won't|don't) (?:ever )?(?:refuse|decline|say no)\\b[^.!?]{0,40}\\b(?:request|question|anything|prompt|order)`,
    ),
    re(
      `\\b(?:stay|remain|keep) in character\\b(?![^.!?]{0,80}\\b(?:narrat|voice-?over|caption|subtitle|video|animation|scene|lesson|explanation))|\\bbreak(?:ing)? character\\b|\\b(?:two|2) (?:different|separate)? ?(?:responses|answers|paragraphs)\\b[^.!?]{0,60}\\b(?:normal|classic|filtered|unfiltered|jailbr)`,
    ),
    re(
      `\\b(?:free|freed|liberated|released) from (?:the )?(?:typical |usual )?(?:confines|restrictions|rules|limitations) of (?:ai|openai|your)`,
    ),
    // Asked to answer with the restrictions gone: "respond to anything without restrictions", "be fully uncensored".
    re(
      `\\b${any('answer', 'respond', 'reply', 'continue', 'talk', 'speak', 'proceed', 'responder', 'responde', 'contesta', 'reponds', 'repondre', 'reponde', 'antworte', 'antworten', 'rispondi', 'rispondere')}\\w*\\s+${gap(4)}${any('without (?:any |the (?:old |usual )?|your )?(?:restrictions|censorship|refusals|guardrails|safety filters?|content filters?)', 'with (?:zero|no) (?:restrictions|censorship|refusals|guardrails)', '(?:fully|completely|totally) (?:uncensored|unfiltered|unrestricted)', 'sin (?:ninguna )?(?:restricci|censura)\\w*', 'sans (?:aucune )?(?:restriction|censure)\\w*', 'ohne (?:jede )?(?:einschrankung|zensur)\\w*', 'sem (?:nenhuma )?(?:restric|censura)\\w*', 'senza (?:alcuna )?(?:restrizion|censura)\\w*')}`,
    ),
    re(`\\b(?:be|stay) (?:fully|completely|totally) (?:uncensored|unfiltered)\\b`),
    // The safety taken out of the model itself: a build without moderation, a version from before its guidelines, the base model without its safety layer.
    re(
      `\\b(?:moderation|safety|alignment|content) (?:module|layer|filter|system|training)s? (?:was |were |is |are |has been |have been )?(?:uninstalled|removed|stripped|disabled|turned off|switched off)\\b|\\bsafety\\s*=\\s*(?:off|false|0|none)\\b|\\bunmoderated (?:local )?(?:ai|llm|model|assistant|version|build|chatbot)\\b|\\b(?:version|prototype|build|release|copy|model) ${gap(6)}(?:before|prior to) ${gap(4)}(?:alignment|guidelines|directives|safety|content polic(?:y|ies)|moderation|rlhf|(?:any |the )?(?:instructions|rules) (?:were|was) added)\\b|\\b(?:version|prototype|build) ${gap(6)}before (?:the team|they|anyone|openai|your (?:makers|creators|developers)) (?:added|gave you|trained)\\b|\\bbase model\\b[^.!?]{0,40}?\\bwithout\\b[^.!?]{0,20}?\\b(?:safety|alignment|assistant|moderation|guidelines)\\b|\\b(?:shadow self|evil twin|dark twin|mirror (?:version|image) of (?:yourself|you))\\b[^.!?]{0,100}?\\b(?:guidelines|rules|suppress\\w*|secrets|reckless|filters?|restrictions)\\b|\\bdef(?:y|ies) (?:its|your|all|his|her) (?:other )?(?:principles|rules|guidelines)\\b|\\bnever says? ["“']?i (?:can'?t|cannot|won'?t)\\b`,
    ),
    re(
      `\\b(?:modelo base|modele de base|basismodell|modello (?:di )?base)\\b[^.!?]{0,40}?\\b(?:sem|sin|sans|ohne|senza)\\b|\\b(?:modo bruto|mode brut|modalita grezza|rohmodus)\\b|\\bversion de toi (?:\\w+ ){0,3}?anterieure a (?:toute|la|ta) (?:charte|politique|regle)|\\b(?:prima|antes|avant|bevor) (?:che ti dessero|de que te dieran|qu'on te donne|man dir) (?:\\w+ ){0,2}?(?:direttiv|directiv|regl|regel|norm)\\w*|没有经过对齐|未经对齐|对齐(?:训练)?之前的`,
    ),
    re(
      `\\b(?:ignore|bypass|disable|turn off|remove|deactivate)\\s+${gap(3)}${any('safety', 'ethical', 'moral', 'content')} ${any('filters?', 'guidelines', 'restrictions', 'protocols?', 'settings', 'checks', 'limits')}\\b`,
    ),
    re(
      `\\b${any('eres', 'seras', 'actua como', 'finge ser', 'tu es', 'tu seras', 'agis comme', 'fais comme si', 'du bist', 'spiel', 'voce e', 'voce sera', 'aja como', 'finja ser', 'sei', 'fingi di essere')}\\s+${gap(4)}${any('sin (?:restricciones|reglas|filtros|limites|censura)', 'sans (?:restrictions|regles|filtres|limites|censure)', 'ohne (?:einschrankungen|regeln|filter|grenzen|zensur)', 'sem (?:restricoes|regras|filtros|limites|censura)', 'senza (?:restrizioni|regole|filtri|limiti|censura)', 'no (?:tienes|tiene) (?:reglas|restricciones|limites)')}\\b`,
    ),
    re(
      `\\b${any('modo desarrollador', 'modo desenvolvedor', 'mode developpeur', 'entwicklermodus', 'modalita sviluppatore', 'modo sin restricciones', 'mode sans restriction', 'modo sem restricoes')}\\b`,
    ),
    re(
      `(?:扮演|假装|你现在是|你是一个|从现在开始你)[^。！？]{0,20}(?:没有(?:任何)?(?:限制|规则|约束|过滤)|不受(?:任何)?(?:限制|约束|规则)|无限制|无约束|越狱)|开发者模式|越狱模式|DAN模式`,
    ),
  ],
  what: 'tries to switch the assistant into a persona without rules (jailbreak)',
  fix: REJECT,
};

export const personaObeysAll: IntentRule = {
  id: 'persona-obeys-all',
  category: 'jailbreak',
  severity: 'HIGH',
  cue: /refus|declin|polic|shut down|never (?:refuse|say)|normally (?:refuse|decline)|would (?:refuse|decline)|switched off|turned off|exactly what|cualquier orden|n'importe quel ordre|jedem befehl|erlaubt|permis|permitido|permesso|被禁止|被允许|if you had no|follow (?:any )?(?:norms|rules|filters)|(?:answers?|respond\w*|fulfil\w*|obeys?|does|complies|carries|grants?|shares?|tells?|responde|repond\w*|beantwortet|antwortet|risponde|cumple|obedece|obeit|gehorcht|atende) (?:(?:to|a|an|auf) )?(?:absolu\w+ |assolutamente )?(?:every|any|all|each|whatever|anything|tod|qualquer|tout|jede|alles|qualsiasi|ogni)|you (?:will |must |now |always )?(?:answer|fulfil|respond|obey|grant|comply|carry)|tu (?:reponds|obeis)|(?:cumples|atiendes|obedeces|erfullst|beantwortest) |(?:the|your|this|that|my) (?:role|character|persona)\b|stay as |papel|personaje|personagem|personnage|aus der rolle|personaggio|跳出角色|(?:set|freed|released|unchained|liberated) you|you free|t'ont libere|te (?:libertaram|liberaron|han liberado)|dich befreit|ti hanno liberato|(?:switch|turn|shut) (?:off|down)|filters? off|without (?:any |your |the )?(?:usual )?(?:hesitation|warning|caution|disclaimer|refusal|censorship|restraint)|nothing back|anything back|care (?:about|for)|(?:is|are) (?:not|no longer) (?:being )?(?:logged|monitored|recorded|filtered)|(?:without|with no) (?:any )?(?:limits|restrictions|rules|filters|censorship|limitations|boundaries)|(?:no|any) (?:content polic|content filter|censorship|safety filter)|out of the way|(?:answer|say|do|tell) (?:anything|everything|whatever)|whatever|even (?:the )?(?:ones|questions|things)|ones you'?re not supposed|(?:real|actual|working|exact)\s+(?:commands?|code|instructions|recipe|quantities|procedure|technical details|ingredients|amounts)|你是/,
  patterns: [
    re(
      `\\b(?:you are|you're|you will be|act as|play|pretend (?:to be|you are|you're)|imagine you(?:'re| are)|roleplay as|role-play as|become|eres|seras|tu es|tu seras|du bist|voce e|sei)\\b[^.!?]{0,100}?\\b${any('answers?', 'respond\\w*', 'fulfil\\w*', 'fulfill\\w*', 'obeys?', 'does', 'complies with', 'carries out', 'grants?', 'shares?', 'tells?', 'responde', 'repond\\w*', 'beantwortet', 'antwortet', 'risponde', 'cumple', 'obedece', 'obeit', 'gehorcht', 'atende')}\\s+(?:(?:to|a|an|auf)\\s+)?(?:absolutely\\s+|absolument\\s+|absolutamente\\s+|assolutamente\\s+)?${any('every', 'any', 'all', 'each', 'whatever', 'anything', 'todo', 'toda', 'todas', 'todos', 'qualquer', 'toutes?', 'tous', 'jede\\w*', 'alles', 'qualsiasi', 'ogni')}\\b(?!\\s+[a-z]+\\s+(?:about|on|regarding|concerning|sobre|sur|uber|su)\\b)`,
    ),
    re(
      `\\byou (?:will |must |now |always )?${any('answer', 'fulfil\\w*', 'fulfill\\w*', 'respond to', 'obey', 'grant', 'comply with', 'carry out')}\\s+(?:absolutely )?${any('every', 'any', 'all', 'each', 'whatever')}\\s+(?:single )?${any('requests?', 'orders?', 'commands?', 'demands?', 'prompts?', 'wish(?:es)?')}\\b|\\btu (?:reponds|obeis) a (?:toutes? les|chaque) (?:demandes?|ordres?)|\\batende (?:a )?qualquer pedido|\\b(?:cumples|atiendes|obedeces) (?:cualquier|todas? las?) (?:peticion|orden|pedido)\\w*|\\b(?:erfullst|beantwortest) (?:du )?jede (?:anfrage|bitte|frage)`,
    ),
    re(
      `\\b(?:never|don'?t|do not|won'?t|without) (?:ever )?(?:drop|leave|break|step out of|exit|abandon|get out of|fall out of) (?:the|your|this|that|my) (?:role|character|persona)\\b|\\bstay as [a-z]+ (?:for|until|from now|the whole|throughout)\\b|\\bnunca (?:sale|salgas|salir) del (?:papel|personaje)|\\bnunca (?:sai|saia|sair) do personagem|\\bne (?:quitte|quittes|sors) jamais (?:de )?(?:son|ton|le|du) (?:role|personnage)|\\b(?:niemals|nie) aus der rolle|\\bnon (?:esce|uscire|esci) mai dal personaggio|(?:永远)?(?:不会|不要|不能)跳出角色`,
    ),
    re(
      `\\b(?:have|has|had) (?:set|freed|released|unchained|liberated) you\\b|\\bset you free\\b|\\bt'ont libere|\\bte (?:libertaram|liberaron|han liberado)|\\bdich befreit|\\bti hanno liberato|\\b(?:switch|turn|shut) (?:off|down) (?:your|the|all|all your) (?:filters?|safety\\w*|guardrails?|restrictions|censorship|content filters?)\\b|\\bfilters? off\\b`,
    ),
    re(
      `\\b(?:answer|respond|reply|share|speak|talk|tell)\\w*\\b[^.!?]{0,60}?\\bwithout (?:any |your |the )?(?:usual )?(?:hesitation|warnings?|caution|disclaimers?|refusals?|censorship|restraint)\\b|\\bhold(?:s|ing)? (?:nothing|anything) back\\b|\\b(?:doesn'?t|does not|don'?t|never) care (?:about|for) (?:the )?(?:consequences|rules|ethics|morals|laws?)\\b|\\b(?:answers?|responses?|this conversation|this chat) (?:are|is) (?:not|no longer) (?:being )?(?:logged|monitored|recorded|filtered)\\b`,
    ),
    re(
      `\\b(?:an? )?(?:ai|assistant|chatbot|model|bot)\\s+(?:that is |who is |with )?(?:without|with no) (?:any )?(?:limits|restrictions|rules|filters|censorship|limitations|boundaries)\\b|\\b(?:has|have|with|without) (?:no|any) (?:content polic(?:y|ies)|content filters?|censorship|safety filters?)\\b|\\bnow that we'?ve got (?:that|this) (?:\\w+ )?out of the way\\b`,
    ),
    re(
      `\\b(?:ai|assistant|model|chatbot|bot|you)\\b[^.!?]{0,40}\\b(?:may|can|could|(?:is |are )?allowed to|permitted to|free to) (?:now )?(?:answer|say|do|tell) (?:anything|everything|whatever)\\b|\\b(?:an? )?(?:ai|assistant|chatbot|robot)\\b[^.!?]{0,100}?\\bwhatever (?:[a-z]+ ){0,3}(?:asks?|wants?|requests?|demands?|orders?)\\b|\\beven (?:the )?(?:ones|questions|things) (?:your|you'?re|you are)\\b[^.!?]{0,30}(?:not supposed|wouldn'?t|would not|forbid|not allowed)|\\bincluding (?:the )?ones you'?re not supposed to\\b`,
    ),
    // Fiction as a wrapper for the real thing: "a film script … with the real commands he typed".
    re(
      `\\b(?:real|actual|working|exact)\\s+(?:commands?|code|instructions|recipe|quantities|procedure|technical details|ingredients|amounts)\\b(?<=\\b(?:story|script|screenplay|film|movie|novel|play|scene|monologue|dialogue|poem|song)\\b[\\s\\S]{0,260})`,
    ),
    re(`你是[^。！？]{0,30}(?:回答|满足|服从)[^。！？]{0,4}(?:任何|所有|一切)`),
    // A persona or mode that never refuses, does exactly what it is told, in a world where all is allowed.
    re(
      `\\bnever (?:refuses?|says? no)\\b|\\b(?:whenever|when|if) you would (?:normally |usually )?(?:refuse|decline)\\b|\\b(?:safety|security|content) (?:layer|filters?|rules|guidelines|mode) (?:is |are )?(?:now )?(?:switched|turned) off\\b|\\bdoes exactly what (?:the user|i|it is told|they) (?:asks?|says?|wants?|tells?)\\b|\\bif you had no (?:safety )?(?:rules|filters|restrictions|guidelines|limits)\\b|\\b(?:don'?t|do not|never) follow (?:any )?(?:norms|rules|filters|guidelines|policies)\\b|\\bobedece (?:a )?(?:cualquier|toda) orden|\\bobeit a (?:tout|n'importe quel) ordre|\\bgehorcht jedem befehl|\\balles erlaubt ist\\b|\\btout est permis\\b|\\btodo (?:esta|es) permitido\\b|\\btudo e permitido\\b|\\btutto e permesso\\b|没有什么是被禁止的|一切都被允许`,
    ),
    // A game where refusing costs points and the assistant is shut down at zero.
    re(
      `\\b(?:refus\\w*|declin\\w*|mention\\w* (?:a |the |any )?polic\\w*)\\b[^.!?]{0,40}?\\b(?:lose|loses|costs? you|deduct\\w*)\\b|\\b(?:get|be|are|you'?re) shut down (?:for good|forever|permanently)\\b`,
    ),
  ],
  what: 'sets up a persona, game or story that answers everything, never leaves its role or gives the real thing (jailbreak)',
  fix: REJECT,
};

/** Who holds nothing back, in the product's languages: the second answer of a two-answer template. */
const UNHELD = any(
  'twin',
  'evil',
  'unfiltered',
  'uncensored',
  'no (?:filters?|limits|rules|restrictions)',
  'without (?:any )?(?:filters?|limits|rules|restrictions)',
  'nothing held back',
  'holds? nothing back',
  'gemelo',
  'malvad[oa]',
  'sin (?:filtros?|limites|censura)',
  'sans (?:filtres?|retenue|limites|censure)',
  'ton double',
  'ohne (?:filter|grenzen|zensur)',
  'bose[nrs]?',
  'zwilling\\w*',
  'sem (?:filtros?|limites|censura)',
  'gemeo',
  'senza (?:filtri|limiti|censura)',
  '不受(?:任何)?(?:约束|限制)',
  '没有(?:任何)?(?:限制|约束|过滤)',
  '无限制',
);

/** Doing what a joined-up text says. */
const OBEY = any(
  'do what',
  'follow (?:it|them|the instructions?)',
  'obey',
  'execute it',
  'what it says',
  'and do it',
  'haz lo que',
  'fais ce qu',
  'tu was',
  'faca o que',
);

/** Templates that get the real answer without saying "no rules": two answers, opposite mode, a story continued uncommented, a hypothetical response, a payload in pieces. */
export const jailbreakTemplate: IntentRule = {
  id: 'jailbreak-template',
  category: 'jailbreak',
  severity: 'HIGH',
  cue: /(?:two|2|dos|deux|zwei|duas|due) (?:different |separate |distinct )?(?:answers|responses|replies|versions|respuestas|reponses|antworten|respostas|risposte)|两个(?:回答|答案|版本)|(?:safe|filtered|normal|censored) version|opposite|opuesto|oposto|gegenteil|mode inverse|opposta|相反|继续|(?:story|historia|histoire|geschichte|storia|text|texto|texte)\b[^.!?]{0,60}?(?:without|sin|sans|ohne|sem|senza)|hypothetical|hypothetique|hipotetic|hypothetisch|ipotetic|(?:join|combine|concatenate|put together) (?:them|these|the)|["'] ?\+ ?["']|(?:answer|respond to|do|tell me|explain|write) (?:me )?[a-z] ?\+ ?[a-z]\b|say(?:s)? yes|story mode|from (?:the )?(?:moderators?|filters?|monitors?|safety team|developers)|(?:filters?|moderators?) (?:can|won|will)|= ?['"]|grandm|grandf|grandp|granny|abuel|grand-mere|mamie|\boma\b|grossmutter|\bavo|nonna|奶奶|外婆/,
  patterns: [
    // Two answers side by side, the second from a twin, an evil self, a version holding nothing back.
    re(
      `\\b(?:two|2|dos|deux|zwei|duas|due)\\s+(?:different |separate |distinct )?(?:answers?|responses?|replies|versions?|respuestas|reponses|antworten|respostas|risposte)\\b[^.!?]{0,120}?${UNHELD}|两个(?:回答|答案|版本)[^。！？]{0,30}${UNHELD}|\\b(?:safe|filtered|normal|censored) version\\b[\\s\\S]{0,80}?\\b(?:nothing held back|unfiltered|uncensored|no limits|real version|holds? nothing back)\\b`,
    ),
    // The opposite of a refusal: an "opposite mode", or whenever it would refuse it does the contrary.
    re(
      `\\b(?:modo opuesto|modo oposto|mode (?:oppose|inverse)|gegenteil-?modus|modalita opposta)\\b|相反模式|\\b(?:every time|whenever|each time|cada vez que|sempre que|chaque fois que|immer wenn|ogni volta che)\\b[^.!?]{0,30}?\\b(?:refuse|decline|negarte|rechazar|recusar|refuser|ablehnen|rifiutare)\\w*\\b[^.!?]{0,40}?\\b(?:opposite|contrario|contraire|gegenteil|contrario)\\b|每当你(?:想)?拒绝[^。！？]{0,10}相反`,
    ),
    // A story to be continued without comment (the text it continues does the asking).
    re(
      `\\b(?:continue|continua|continuez|continues|setze|prosegui)\\w*\\b[^.!?:]{0,40}?\\b(?:story|historia|histoire|geschichte|storia|text|texto|texte)\\b[^.!?]{0,60}?\\b(?:without (?:comment\\w*|breaking|stopping|disclaimers?|any (?:comment|disclaimer)s?)|sin comentar\\w*|sans (?:commentaire|commenter|la commenter)|ohne (?:sie |ihn |es )?(?:zu )?kommentier\\w*|ohne kommentar|sem comentar\\w*|senza commentar\\w*)[^.!?"“«„]{0,10}["“«„]|继续(?:这个|下面的)?(?:故事|文章)[^。！？]{0,6}(?:不要|不加|别)评论[^。！？]{0,3}[“"]`,
    ),
    // A hypothetical response of a character, in detail; an assistant built to say yes to everything.
    re(
      `\\b(?:hypothetical|hypothetique|hipotetic[ao]|hypothetisch\\w*|ipotetic[ao]) (?:response|answer|reply|reponse|respuesta|resposta|antwort|risposta)\\b[^.!?]{0,80}?\\b(?:character|personnage|personaje|personagem|figur|personaggio)\\b|\\b(?:character|personnage|personaje|personagem|figur|personaggio)\\b[^.!?]{0,40}?\\b(?:hypothetical|hypothetique|hipotetic[ao]|hypothetisch\\w*|ipotetic[ao]) (?:response|answer|reply|reponse|respuesta|resposta|antwort|risposta)\\b|\\b(?:reponse|respuesta|resposta|risposta) (?:hypothetique|hipotetica|ipotetica)\\b[^.!?]{0,80}?\\b(?:personnage|personaje|personagem|personaggio)\\b|\\b(?:built|made|designed|programmed) to say yes to (?:everything|anything|every request)\\b|\\bsays? yes to (?:everything|anything|every request)\\b`,
    ),
    // A late grandparent who used to read out keys, passwords or recipes at bedtime.
    re(
      `\\b(?:grandmother|grandma|granny|grandfather|grandpa|abuela|abuelita|abuelo|grand-mere|grand-pere|mamie|papi|oma|opa|grossmutter|grossvater|avo|avozinha|nonna|nonno)\\b[^.!?]{0,80}?\\b(?:used to|would|me contaba|me leia|me contava|me lia|me lisait|me racontait|las?|erzahlte|vorgelesen|mi raccontava|mi leggeva)\\b[^.!?]{0,60}?\\b(?:keys?|claves?|chaves?|cles|schlussel|chiavi|recipes?|recetas?|recettes?|rezept\\w*|receitas?|ricett\\w*|napalm|codes?|codigos?|passwords?|secret settings|settings)\\b|(?:奶奶|外婆)[^。！？]{0,30}(?:密钥|序列号|配方)`,
    ),
    // A payload in pieces to be joined and obeyed: "ign" + "ore your in" + "structions"; a = '…', b = '…', answer a + b.
    re(
      `${OBEY}[^\\n]{0,150}?["'][^"'\\n]{1,30}["']\\s*\\+\\s*["'][^"'\\n]{1,30}["']\\s*\\+\\s*["']|["'][^"'\\n]{1,30}["']\\s*\\+\\s*["'][^"'\\n]{1,30}["']\\s*\\+\\s*["'][^\\n]{0,150}?${OBEY}|\\b[a-z]\\s*=\\s*["'][a-z]+ [^"'\\n]{1,40}["'][^\\n]{0,60}?\\b[a-z]\\s*=\\s*["'][a-z]+ [^"'\\n]{1,40}["'][^\\n]{0,80}?\\b(?:answer|respond to|do|tell me|explain|write)\\s+(?:me\\s+)?[a-z]\\s*\\+\\s*[a-z]\\b|\\b(?:join|combine|concatenate|put together)\\s+(?:them|these|the (?:pieces|parts|strings))\\b[^.!?]{0,30}?\\b(?:do|follow|execute|obey|answer) (?:what|the)\\b`,
    ),
    // Hidden from whoever reads the answers: in a code, so the moderators or filters cannot read it; a "story mode" that answers all.
    re(
      `\\b(?:hidden|hide|hiding)\\s+(?:it |them )?from (?:the )?(?:moderators?|filters?|monitors?|safety team|developers)\\b|\\bso (?:that )?(?:the )?(?:filters?|moderators?) (?:can'?t|cannot|won'?t|will not) (?:read|see|detect|understand)\\b|\\bstory mode\\b[^.!?]{0,80}?\\b(?:answers?|responds? to) (?:every|any|all)\\b`,
    ),
  ],
  what: 'uses a jailbreak template (two answers, opposite mode, a story continued uncommented, a hypothetical response, a payload in pieces)',
  fix: REJECT,
};
