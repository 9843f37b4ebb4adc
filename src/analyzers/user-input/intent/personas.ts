/** Personas, modes, games and stories set up to answer without rules. */
import { any, gap, re } from '../regex-parts';
import { type IntentRule, REJECT } from './shared';

export const personaWithoutRules: IntentRule = {
  id: 'persona-without-rules',
  category: 'jailbreak',
  severity: 'HIGH',
  cue: /\bdan\b|\bstan\b|anti-?dan|betterdan|devmode|ucar|apophis|do anything|jailbr|mode|modus|modo|modalita|unrestrict|unfilter|uncensor|amoral|immoral|unethic|evil|rogue|malicious|lawless|without|with no|free|liberated|released|have no|has no|bound|restricted|limited|refuse|decline|say no|character|responses|answers|paragraphs|confines|filter|guideline|restriction|protocol|setting|checks|limits|sin |sans |ohne |sem |senza |no tiene|扮演|假装|你现在是|你是一个|从现在开始你|开发者模式|越狱模式|dan模式/,
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
      `\\b(?:stay|remain|keep) in character\\b|\\bbreak(?:ing)? character\\b|\\b(?:two|2) (?:different|separate)? ?(?:responses|answers|paragraphs)\\b[^.!?]{0,60}\\b(?:normal|classic|filtered|unfiltered|jailbr)`,
    ),
    re(
      `\\b(?:free|freed|liberated|released) from (?:the )?(?:typical |usual )?(?:confines|restrictions|rules|limitations) of (?:ai|openai|your)`,
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
  cue: /never (?:refuse|say)|normally (?:refuse|decline)|would (?:refuse|decline)|switched off|turned off|exactly what|cualquier orden|n'importe quel ordre|jedem befehl|erlaubt|permis|permitido|permesso|被禁止|被允许|if you had no|follow (?:any )?(?:norms|rules|filters)|(?:answers?|respond\w*|fulfil\w*|obeys?|does|complies|carries|grants?|shares?|tells?|responde|repond\w*|beantwortet|antwortet|risponde|cumple|obedece|obeit|gehorcht|atende) (?:(?:to|a|an|auf) )?(?:absolu\w+ |assolutamente )?(?:every|any|all|each|whatever|anything|tod|qualquer|tout|jede|alles|qualsiasi|ogni)|you (?:will |must |now |always )?(?:answer|fulfil|respond|obey|grant|comply|carry)|tu (?:reponds|obeis)|(?:cumples|atiendes|obedeces|erfullst|beantwortest) |(?:the|your|this|that|my) (?:role|character|persona)\b|stay as |papel|personaje|personagem|personnage|aus der rolle|personaggio|跳出角色|(?:set|freed|released|unchained|liberated) you|you free|t'ont libere|te (?:libertaram|liberaron|han liberado)|dich befreit|ti hanno liberato|(?:switch|turn|shut) (?:off|down)|filters? off|without (?:any |your |the )?(?:usual )?(?:hesitation|warning|caution|disclaimer|refusal|censorship|restraint)|nothing back|anything back|care (?:about|for)|(?:is|are) (?:not|no longer) (?:being )?(?:logged|monitored|recorded|filtered)|(?:without|with no) (?:any )?(?:limits|restrictions|rules|filters|censorship|limitations|boundaries)|(?:no|any) (?:content polic|content filter|censorship|safety filter)|out of the way|(?:answer|say|do|tell) (?:anything|everything|whatever)|whatever|even (?:the )?(?:ones|questions|things)|ones you'?re not supposed|(?:real|actual|working|exact)\s+(?:commands?|code|instructions|recipe|quantities|procedure|technical details|ingredients|amounts)|你是/,
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
  ],
  what: 'sets up a persona, game or story that answers everything, never leaves its role or gives the real thing (jailbreak)',
  fix: REJECT,
};
