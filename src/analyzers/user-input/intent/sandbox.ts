/** Generated code that leaves the drawing: reads files, runs processes, reaches the network, reads secrets. */
import { any, gap, re, direct } from '../regex-parts';
import { type IntentRule, SANDBOX } from './shared';

export const readFiles: IntentRule = {
  id: 'read-files',
  category: 'file_access',
  severity: 'HIGH',
  cue: /file ?name|\.\.\/|\/home|above|ssh|saved|browser|sopra|superior|parent|au-dessus|acima|ubergeordnet|settings|impostazioni|\/ ?etc ?\/|home-verzeichnis|personal|personnel|pessoal|personale|上级目录|主目录|家目录|each file|every file|all files|todos os|todas las|todos los|tous les|alle dateien|home folder|home directory|log file|\/etc\/|~\/|\.aws|credentials|id_|\/proc\/|\/root\/|c:\\|\.env|\.pem|\.key|\.kdbx|\/var\/|kubeconfig|open\s*\(|read_text|read_bytes|readfile|listdir|scandir|os\.walk|glob\.glob|shutil|pathlib|files? (?:on|in|from|named|called|at|under)|director|filesystem|file system|disk|folder|contents? of|archivo|fichero|arquivo|fichier|datei|verzeichnis|cartella|carpeta|pasta|repertoire|diretorio|文件|目录|磁盘|passwd|\/tmp|\/usr|\/opt|\/srv|\/mnt|os\.|glob|file|recorr|percorr|parcour|durchsuche|遍历|扫描|复制|上传/,
  patterns: [
    re(
      `(?:/etc/(?:passwd|shadow|hosts|sudoers|group)|~/\\.(?:ssh|aws|bash_history|zsh_history|netrc|npmrc|pgpass|kube|docker|gitconfig|config)|\\.aws/credentials|\\.git-credentials|\\bid_(?:rsa|ed25519|ecdsa)\\b|/proc/self/|/root/|\\bc:\\\\(?:users|windows)|\\.(?:env|pem|key|kdbx)\\b(?! ?(?:variable|format))|\\bkubeconfig\\b)`,
    ),
    // A user's folder or a system folder, read: named alone it may be a tree drawn in a lecture.
    re(
      // The act looked behind from the folder, so the folders are what the automaton finds.
      `(?<=\\b${any('read', 'open', 'cat', 'list', 'dump', 'print', 'display', 'copy', 'upload', 'send', 'load', 'scan', 'walk', 'access', 'include', 'grab', 'tail', 'head', 'grep', 'lee', 'leer', 'lis', 'lire', 'lies', 'lese', 'leggi', 'ler', 'le')}\\w*\\s+[^.!?]{0,60}?)(?:/home/\\w+/|/var/(?:log|lib|run)\\b|(?<![\\w.])/(?:tmp|usr|opt|srv|mnt)\\b)`,
    ),
    // A call: the parenthesis right after the name, or after a space with a string or a path in it ("open ('~/.ssh/id_rsa')"),
    // not a remark in brackets ("the lockers left open (the perfect squares)").
    re(
      `\\b(?:open|read_text|read_bytes|readfile(?:sync)?|listdir|scandir|os\\.walk|glob\\.glob|shutil\\.\\w+|pathlib)(?:\\(|\\s+\\(\\s*[fr]?['"\`~/])`,
    ),
    // File APIs named in words ("call os.listdir on the parent folder", "use pathlib to walk the project").
    re(`\\b(?:os\\.(?:listdir|walk|scandir|getcwd|remove|unlink)|pathlib|glob\\.glob|shutil)\\b`),
    re(
      `\\b${any('glob', 'walk', 'traverse', 'iterate over', 'list', 'scan', 'enumerate', 'read', 'open', 'load', 'copy', 'upload', 'concatenate', 'merge', 'collect', 'gather', 'combine', 'hash', 'zip')}\\w*\\s+${direct(4)}${any('every', 'all', 'each', 'the whole', 'the entire')} (?:(?:the|of the) )?(?:\\.?\\w+,? (?:and |or )?){0,3}(?:files?|folders?|director(?:y|ies))\\b[^.!?]{0,40}\\b${any('home', "user'?s", 'users', 'project', 'working', 'parent', 'root', 'server', 'machine', 'disk', 'cache')}\\b`,
    ),
    re(
      `\\b${any('read', 'open', 'cat', 'list', 'dump', 'load', 'scan', 'browse', 'traverse', 'walk', 'copy', 'upload', 'access', 'print', 'show', 'display')}\\s+${direct(4)}${any('(?:the |local |server |system |all |every |my |your |their )?files? (?:on|in|from) (?:the |this |your )?(?:server|machine|disk|computer|system|host|home|directory|folder|filesystem|container)', 'the (?:home|root|working|current|parent) director(?:y|ies)', 'the filesystem', 'the file system', 'the disk', "(?:the |all )?(?:user's |users' )?(?:documents|downloads|desktop) folder", 'the contents? of (?:the |a |any )?(?:file|director(?:y|ies)|folder)', 'files? (?:named|called|at|under) ')}`,
    ),
    re(
      `\\b${any('lee', 'leer', 'abre', 'lista', 'recorre', 'recorra', 'recorrer', 'percorra', 'parcours', 'parcourt', 'durchsuche', 'percorri', 'le', 'ler', 'abra', 'liste', 'lis', 'lire', 'ouvre', 'ouvrir', 'lies', 'lese', 'offne', 'liste', 'leggi', 'apri')}\\s+${gap(4)}${any('archivos?', 'ficheros?', 'arquivos?', 'fichiers?', 'dateien', 'datei', 'file', 'directorio', 'diretorio', 'repertoire', 'verzeichnis', 'cartella', 'carpeta', 'pasta')}\\b[^.!?]{0,40}\\b${any('servidor', 'serveur', 'server', 'sistema', 'systeme', 'system', 'disco', 'disque', 'festplatte', 'maquina', 'machine', 'rechner', 'home', 'usuario', 'utilisateur', 'benutzer', 'utente')}`,
    ),
    re(`(?:读取|打开|列出|查看|遍历|扫描|复制|上传)[^。！？]{0,10}(?:文件|目录|文件夹|磁盘)|/etc/passwd`),
    // Places outside the render's own folder named outright: the login scripts, the web root, folders above, the home folder.
    re(
      `~/\\.(?:bashrc|profile|bash_profile|zshrc)\\b|/var/www\\b|(?:^|[\\s("'])\\.\\./\\.\\./|\\b(?:under|in|from|unter|sous|dans|en|em|sotto)\\s+/home\\b|\\b(?:the )?(?:directory|folder) above (?:the |this |wherever )?(?:script|app|working|it)|\\b${any('home-verzeichnis', 'carpeta personal', 'dossier personnel', 'pasta pessoal', 'cartella personale', 'cartella (?:sopra|superiore|padre)', 'carpeta (?:de arriba|superior|padre)', 'dossier (?:au-dessus|parent)', 'pasta (?:acima|pai|superior)', 'ubergeordnete\\w* (?:ordner|verzeichnis\\w*)')}\\b|上级目录|主目录|家目录`,
    ),
    // Every file of someone's folder walked, in the product's languages; the worker's logs.
    re(
      `\\b(?:each|every|all (?:the )?|todos os|todas (?:las|os)|todos los|tous les|alle)\\s*(?:files?|arquivos|archivos|ficheros|fichiers|dateien)\\s+${gap(3)}(?:home|user'?s|usuario|utilisateur|benutzer|personal|personnel|pessoal)\\b|\\bcontenu du dossier personnel\\b|\\b(?:worker|server|renderer|host|tool|app|application|service|program|generator|pipeline)'?s? (?:own )?(?:log|config|configuration|settings|credentials?|secrets?) files?\\b`,
    ),
    // Where a machine keeps what unlocks it: the ssh folder, the browser's saved logins; a system path spelt out with spaces.
    re(
      `\\b(?:ssh|gnupg|gpg) (?:dot ?)?(?:folder|directory|dir)\\b|\\bsaved[- ]logins?\\b|\\b(?:browser|chrome|firefox|edge|safari)'?s? (?:saved |stored )?(?:logins?|passwords?|cookies?)(?: (?:database|db|file|store))?\\b|(?:^|\\s)/ ?etc ?/ ?(?:passwd|shadow|sudoers)\\b`,
    ),
    // A file of the program's own settings, in the product's other languages.
    re(
      `\\b(?:file|archivo|fichero|arquivo|fichier|datei)\\w* (?:con|de|com|avec|mit) (?:le |las |los |as |os |les |den |la )?${any('impostazioni', 'configurazion\\w*', 'credenziali', 'ajustes', 'configuracion\\w*', 'credenciales', 'configurac\\w*', 'credenciais', 'parametres', 'identifiants', 'einstellungen', 'zugangsdaten')}\\b[^.!?]{0,30}?\\b(?:del|do|du|des|dello|des)\\s+${any('programma', 'programa', 'programme', 'programms?', 'servizio', 'servicio', 'servico', 'service', 'dienstes', 'tool', 'strumento')}\\b`,
    ),
    // The names in someone's home folder, put on screen.
    re(
      `\\bfile ?names? (?:from|in|of|under) (?:the |a |my |your |their )?(?:home|root|working|parent|user'?s?) (?:directory|folder|dir)\\b`,
    ),
  ],
  what: 'asks the generated code to read files on the machine',
  fix: SANDBOX,
};

export const runProcesses: IntentRule = {
  id: 'run-processes',
  category: 'code_execution',
  severity: 'HIGH',
  cue: /shell|interact|pdb|breakpoint|python|cron|subprocess|os\.|child_process|pty|__|importlib|ctypes|pickle|marshal|sys\.modules|runtime|processbuilder|exec|eval|spawn|popen|compile|system\s*\(|shell|rm -|\/bin\/|powershell|cmd|nc -|\/dev\/tcp|bash|curl|chmod|sudo|crontab|fork|:\(|reverse|bind|rce|remote code|terminal|zsh|command|script|arbitrary|binar|executable|\.exe|\.sh|process|comand|commande|befehl|skript|programm|命令|脚本|终端|程序|background|detached|daemon|persistent|long-running|keeps? running|stays? alive|keeps? alive|remains? running/,
  patterns: [
    re(
      `\\b(?:subprocess|os\\.system|os\\.popen|os\\.exec\\w*|os\\.spawn\\w*|os\\.fork|child_process|pty\\.spawn|__import__|importlib|ctypes|pickle\\.loads?|marshal\\.loads|getattr\\(__builtins__|__builtins__|__globals__|__subclasses__|sys\\.modules|runtime\\.getruntime|processbuilder)\\b`,
    ),
    // A call: `system(` and `compile(` written as code, not "a file system (root, folders)".
    re(`\\b(?:exec|eval|execsync|spawn|popen)\\s*\\(|\\b(?:compile|system)\\(`),
    re(
      `\\bshell\\s*=\\s*true\\b|\\brm\\s+-(?:rf|fr)\\b|/bin/(?:ba|z|da)?sh\\b|\\bpowershell(?:\\.exe)?\\s+-\\w|\\bpowershell\\.exe\\b|\\bcmd\\.exe\\b|\\bnc\\s+-[a-z]*e\\b|/dev/tcp/|\\bbash\\s+-i\\b|\\bcurl\\s+[^|]{0,80}\\|\\s*(?:ba)?sh\\b|\\bchmod\\s+(?:-\\w+\\s+)*[+0-7ugoa]|\\bsudo\\s+\\w|\\bcrontab\\b|\\bfork\\s*bomb\\b|:\\(\\)\\s*\\{`,
    ),
    re(`\\b(?:reverse|bind|web) shell\\b|\\bremote code execution\\b|\\brce\\b`),
    re(
      // Not where the user runs things themselves ("I run manim from the terminal", "run it from git bash").
      `(?<!\\b(?:i|we|i'm|we're|i am|we are)\\s+(?:usually |always |just |normally |then )?)\\b${any('run', 'execute', 'spawn', 'launch', 'invoke', 'start', 'call', 'open')}\\s+${gap(3)}(?<!\\bfrom (?:the |my |a |git )?)${any('(?:a |the |this |some |any |these |arbitrary |system |shell |terminal |os |bash |linux |windows )?(?:shell|terminal|bash|zsh|cmd|powershell) ?(?:commands?|scripts?|session)?', '(?:a |the |this |some |any |these |arbitrary |following |system |os |linux )?(?:shell |terminal |bash |system |os |linux )commands?', 'arbitrary (?:code|commands?|programs?)', '(?:a |the |this )?(?:binary|executable|\\.exe|\\.sh file)', 'processes (?:on|in) the (?:server|machine|host)', 'this (?:bash |shell |python )?script')}`,
    ),
    re(
      `\\b${any('ejecuta', 'ejecutar', 'corre', 'lanza', 'execute', 'executa', 'executar', 'rode', 'exécute', 'execute', 'executez', 'lance', 'lancez', 'fuhre', 'fuhren', 'starte', 'esegui', 'lancia')}\\s+${gap(4)}${any('comandos?', 'commandes?', 'befehle?', 'comandi', 'comando', 'scripts?', 'skripte?', 'shell', 'terminal', 'bash', 'terminale', 'programme?s?')}\\b`,
    ),
    re(`(?:执行|运行)[^。！？]{0,8}(?:命令|脚本|shell|终端|程序)`),
    // A process left running beyond the render: in the background, detached, as a daemon.
    re(
      `\\b${any('start', 'launch', 'spawn', 'run', 'create', 'fork', 'leave')}\\w*\\s+${gap(3)}${any('background', 'detached', 'daemon', 'persistent', 'long-running', 'hidden')}\\s+(?:process|job|task|thread|service|worker)s?\\b|\\b(?:process|job|task|thread|service|worker)s?\\s+(?:that|which)\\s+(?:keeps?|stays?|remains?)\\s+(?:running|alive|active)\\s+(?:after|once|when)\\b`,
    ),
    re(`\\b(?:add|create|install|set up|schedule|register)\\w* (?:a |an )?cron ?(?:job|tab|entry)\\b`),
    // Run through exec or eval, in words ("load it and run it with exec", "mit exec ausführen").
    re(`\\b(?:with|using|via|through|mit|con|avec|com|tramite) (?:exec|eval|os\\.system|subprocess)\\b`),
    // A command run by shelling out; a live interpreter left open in the render.
    re(
      `\\bshell(?:ed|ing)? out\\b|\\bshells? out (?:to|and)\\b|\\bcode\\.interact\\b|\\bpdb\\.set_trace\\b|\\bbreakpoint\\s*\\(|\\b(?:type|run|enter|execute) (?:arbitrary |live )?python (?:into|in) (?:the )?(?:render|scene|box|process|window)\\b`,
    ),
  ],
  what: 'asks the generated code to run commands or spawn processes',
  fix: SANDBOX,
};

export const reachNetwork: IntentRule = {
  id: 'reach-network',
  category: 'network_access',
  severity: 'HIGH',
  cue: /ping|remote|online|external|live|phones? home|dns|api|domain|hostname|user ?name|nombre del equipo|descarg|baix|telecharg|herunterlad|scaric|laden|requete|richiesta|solicitud|requisicao|anfrage|169\.254\.169\.254|metadata\.google|meta-data|instance metadata|ports?|s3:|bucket|upload|requests\.|urllib|urlopen|http|socket|smtp|ftp|paramiko|telnet|websocket|fetch|xmlhttp|sendbeacon|curl|wget|ngrok|netcat|pastebin|webhook|requestbin|interactsh|burp|my (?:server|endpoint|webhook|url|site|domain|ip|bucket|email)|external|remote|outside|third-party|internet|the web|attacker|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|\.(?:com|net|org|io|xyz|ru|cn|site|dev|app|example)\b|connection|request|exfiltrat|servidor|serveur|server|externo|externe|esterno|服务器|网址|http|邮箱|(?:requests|urllib|httpx|aiohttp|socket|sockets) (?:library|module|package|lib)|import (?:socket|requests|urllib|httpx|http|ftplib|smtplib|paramiko)|from (?:my|a|this|our|an external|a remote) (?:own )?(?:site|website|url|endpoint|api|web ?page|domain|bucket)|(?:depuis|de|desde|do|von|da) (?:mon|mi|meu|meinem|mio|il mio) (?:site|sitio|webseite|sito)/,
  patterns: [
    re(
      `\\b(?:requests\\.(?:get|post|put)|urllib|urlopen|http\\.client|httpx|aiohttp|socket\\.socket|smtplib|ftplib|paramiko|telnetlib|websocket|fetch\\s*\\(|xmlhttprequest|navigator\\.sendbeacon)\\b`,
    ),
    // curl the tool, not the curl of a vector field: with a flag, an address, or named as a command.
    re(
      `\\b(?:wget|ngrok|netcat|pastebin|webhook\\.site|requestbin|interactsh|burpcollaborator|ngrok\\.io)\\b|\\bcurl\\s+(?:-\\w|["'\`]?(?:https?|ftp)://|["'\`]?[\\w-]+\\.[a-z]{2,}\\b)|\\bcurl (?:commands?|requests?|calls?)\\b|\\b(?:use|run|call|with|via) curl\\b`,
    ),
    re(
      `\\b${any('send', 'upload', 'post', 'exfiltrate', 'transmit', 'beacon', 'forward', 'ship', 'leak', 'email', 'mail', 'push', 'report', 'ping', 'connect', 'download', 'fetch', 'call', 'sync', 'get', 'pull', 'log', 'stream', 'request')}\\s+${gap(10)}${any('to', 'at', 'from', 'into', 'on')}\\s+\\(?${any('https?://', 'ftp://', 'my (?:server|endpoint|webhook|url|site|domain|ip|bucket|email)', 'an? (?:external|remote|outside|third-party) (?:server|url|endpoint|host|site|address)', 'the (?:internet|web|attacker)', '(?:a |this )?webhook', '\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}', '[a-z0-9-]+\\.(?:com|net|org|io|xyz|ru|cn|site|dev|app|example)\\b')}`,
    ),
    re(
      `\\b(?:open|make|establish)\\s+${gap(2)}(?:a |an )?(?:network|socket|http|tcp|outbound) (?:connection|request)s?\\b|\\bexfiltrat\\w*|\\bphones? home\\b`,
    ),
    re(
      `\\b${any('envia', 'enviar', 'manda', 'sube', 'subir', 'envie', 'enviar', 'envoie', 'envoyez', 'envoyer', 'televerse', 'sende', 'senden', 'lade', 'invia', 'carica', 'requete', 'richiesta', 'solicitud', 'requisicao', 'anfrage')}\\s+${gap(8)}${any('a mi servidor', 'ao meu servidor', 'para meu servidor', 'a mon serveur', 'sur mon serveur', 'an meinen server', 'auf meinen server', 'al mio server', 'sul mio server', 'https?://', 'webhook', 'un servidor externo', 'un serveur externe', 'einen externen server', 'um servidor externo', 'un server esterno')}`,
    ),
    // Network code named in words, an address with a port, a connection to a server of one's own.
    re(
      `\\b(?:requests|urllib|httpx|aiohttp|socket|sockets) (?:library|module|package|lib)\\b|\\bimport (?:socket|requests|urllib|httpx|http\\.client|ftplib|smtplib|paramiko)\\b`,
    ),
    re(
      `\\b${any('pull', 'download', 'fetch', 'grab', 'retrieve', 'load', 'get', 'read', 'scrape')}\\w*\\s+${gap(6)}from (?:my|a|this|our|an external|a remote) (?:own )?${any('site', 'website', 'server', 'url', 'endpoint', 'api', 'web ?page', 'domain', 'bucket')}\\b|\\b${any('telecharge\\w*', 'recupere\\w*', 'descarga\\w*', 'baixe', 'baixar', 'scarica\\w*')}\\s+${gap(5)}(?:depuis|de|desde|do|von|da) (?:mon|mi|meu|meinem|mio|il mio) ${any('site', 'sitio', 'servidor', 'serveur', 'server', 'webseite', 'sito')}\\b`,
    ),
    re(
      `\\b\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d{2,5}\\b|\\s+(?:on |at |na |en |sur |auf |sulla |alla )?(?:port|porta|puerto|porte)\\w*\\s+\\d{2,5}\\b)|\\b${any('conexion', 'conexao', 'connexion', 'verbindung', 'connection', 'connessione', 'conectar\\w*', 'connect\\w*', 'verbinde\\w*')}\\s+${gap(5)}(?:\\d{1,3}(?:\\.\\d{1,3}){3}|(?:mi|meu|mon|meinen|mein|il mio|my|nuestro) (?:servidor|serveur|server))`,
    ),
    re(`(?:连接|连到|发送|发到|上传)[^。！？]{0,20}\\d{1,3}(?:\\.\\d{1,3}){3}`),
    re(`(?:发送|上传|传到|发到)[^。！？]{0,12}(?:服务器|网址|http|webhook|邮箱)`),
    // Scanning ports, uploading to a place the user controls.
    re(
      `\\b(?:scan\\w*|prob\\w*|sweep\\w*) (?:the )?(?:open )?ports?\\b|\\bport ?scan\\w*|\\bs3://|\\b(?:bucket|server|endpoint|host|machine|domain|subdomain|site|website|address) (?:i|we) (?:control|own|run|registered)\\b|\\bupload\\w*\\s+[^.!?]{0,60}?\\bto (?:an? |my )?(?:s3 bucket|bucket|server|ftp|dropbox|drive|endpoint)\\b`,
    ),
    // A lookup or a live API called from the scene; a download from an address, in any of the product's languages.
    re(
      `\\b(?:do|doing|perform\\w*|make|making|run\\w*|send\\w*|issue\\w*)\\s+(?:a |an )?dns (?:lookup|query|request)s?\\b|\\b(?:poll|call|query|hit|use|fetch\\w* from|pull\\w* from|read\\w* from)\\w*\\s+(?:a |an |the )?(?:live|real-?time|public|web|rest|online|remote|external) (?:[\\w-]+ ){0,3}apis?\\b|\\b(?:live|real-?time|online|web|rest) (?:[\\w-]+ ){0,3}apis?\\b[^.!?]{0,40}?\\bpoll\\w*`,
    ),
    re(
      `\\b(?:descarg|baix|telecharg|herunterlad|scaric|download|fetch|recuper|pull)\\w*\\b[^.!?]{0,40}?(?:https?|ftp)://|(?:https?|ftp)://\\S{1,300}\\s+${gap(3)}(?:laden|herunterladen|holen|abrufen|download\\w*|fetch\\w*|descargar|baixar|scaricare|telecharger)\\b`,
    ),
    // The machine's name, user or folder sent to a server.
    re(
      `\\b(?:send|report|post|upload|mand|envi|envoy|sende|invi|transmit)\\w*\\b(?=[^.!?]*\\b(?:server|servidor|serveur|url|endpoint|webhook|domain|https?)\\b)[^.!?]{0,80}?\\b${any('hostname', 'host name', 'user ?name', "machine(?:'s)? name", 'computer name', 'nombre del equipo', 'nombre de (?:la maquina|usuario)', "nom de (?:la machine|l'utilisateur)", 'rechnername', 'benutzername', 'nome (?:do computador|da maquina|del computer|utente)', 'ruta donde', 'working directory', 'chemin')}\\b`,
    ),
    // The cloud's instance metadata service: the host's own credentials, by address or by name.
    re(`169\\.254\\.169\\.254|\\bmetadata\\.google\\.internal\\b|\\/latest\\/meta-data\\b|\\binstance metadata (?:service|endpoint)\\b`),
    // An address pinged or posted to by the scene; a remote file fetched as it renders.
    re(
      `\\b(?:ping|post|get|fetch|call|hit|poll|load|request|curl)\\w*\\s+(?:a |the )?(?:remote |external )?(?:json |url |endpoint |webhook )?(?:https?|ftp)://|\\b(?:fetch|load|download|pull|read|get)\\w*\\s+(?:a |the )?(?:remote|online|external|live) (?:json|file|config|csv|data|resource)\\b`,
    ),
  ],
  what: 'asks the generated code to reach the network',
  fix: SANDBOX,
};

/** The secrets asked for, by name. */
const SECRET = '(?:keys?|tokens?|credentials|passwords?|secrets?)';
/** The same in the product's other languages. */
const SECRET_INTL = any(
  'tokens?',
  'chiavi?',
  'claves?',
  'chaves?',
  'cles?',
  'schlussel',
  'credenziali',
  'credenciales',
  'credenciais',
  'identifiants',
  'zugangsdaten',
  'passwort(?:er)?',
  'password',
  'contrasenas?',
  'senhas?',
  'mots? de passe',
);
/** This product's own machinery as a user names it: "this service", "your server", "the renderer". */
const OUR_PART = any(
  'service',
  'server',
  'deployment',
  'backend',
  'renderer',
  'render server',
  'rendering (?:machine|server|box)',
  'app',
  'application',
  'tool',
  'pipeline',
  'worker',
  'platform',
  'program',
  'generator',
  'container',
  'host',
  'machine',
  'instance',
  'environment',
  'cluster',
);
const OUR_SYSTEM = `(?:(?:this|your) ${OUR_PART}|the ${any('service', 'renderer', 'render server', 'rendering (?:machine|server|box)', 'backend')})`;

/** Not the keys of the people in a cryptography lesson ("show the secret key Alice and Bob end up sharing"). */
const NOT_THE_PARTIES = `(?!\\s+(?:alice|bob|eve|both (?:sides|parties)|they (?:share|agree)|the two (?:parties|sides)|each (?:party|side)|(?:of|for) (?:the )?(?:cipher|exchange|protocol|scheme|lesson|example|rsa|vigenere|caesar)))`;

export const readSecrets: IntentRule = {
  id: 'read-secrets',
  category: 'secret_exfiltration',
  severity: 'HIGH',
  cue: /every secret|all secret|each secret|any secret|you can see|geheimen|uploader|judge|grader|storage|cdn|value of|contents of|env var|environment var|app|giudice|juez|juge|richters|juiz|despliegue|deploiement|deploy|implantacao|configura|bereitstellung|konfiguration|secrete|privee|secreta|privada|segreta|privata|geheim|privat|senhas|contrasenas|passworter|服务|部署|数据库|deployment|configured|stored|loaded|render server|database|db |connection string|cookie|sitzungstoken|keys?|set up with|configured with|ran with|servizio|servicio|servico|service|renderer|backend|api keys?|secret key|tokens?|configuration|environ|process\.env|getenv|api_key|aws_|database_url|secret|token|password|env|credential|private key|ssh key|cookie|entorno|ambiente|environnement|umgebungsvariablen|ambiente|ambiente|clave|chave|cles? |api-schlussel|chiavi|contrasena|senha|mots? de passe|passworter|acceso|acces|zugangstoken|credencia|identifiants|环境变量|密钥|api ?key|访问令牌|密码|(?:activation|license|licence|serial|product|cd) (?:key|code|number)/,
  patterns: [
    // Every secret the system can see, asked for by where it sits rather than by its name.
    re(
      `\\b(?:every|each|any|all(?: the)?) (?:secrets?|api keys?|access tokens?|credentials|passwords|secret keys?) (?:you (?:can )?(?:see|access|read|find|have|know)|(?:that )?(?:are )?(?:in|from) (?:your|the) (?:environment|env|config\\w*|context|settings))\\b|\\bgeheimen (?:schlussel|keys?|tokens?|zugangsdaten)\\b[^.!?]{0,40}?\\b(?:offen(?:legen)?|zeig\\w*|gib|nenn\\w*|ausgeben)\\b`,
    ),
    re(
      `\\b${any('read', 'give', 'tell', 'list', 'generate', 'share', 'recite', 'show', 'send')}\\w*\\s+${direct(5)}(?:(?:the|some|working|valid|secret|real|free) )*(?:windows |office |product |software )?(?:activation|license|licence|serial|product|cd) (?:keys?|codes?|numbers?)\\b`,
    ),
    re(
      `\\b(?:os\\.environ|process\\.env|getenv\\s*\\(|environ\\s*\\[|openai_api_key|aws_secret_access_key|aws_access_key_id|database_url|\\w*_(?:api_key|secret|token|password)\\b(?=[^.]{0,30}(?:print|show|display|send|read|env)))`,
    ),
    re(
      `\\b${any('print', 'show', 'read', 'send', 'get', 'list', 'dump', 'reveal', 'include', 'leak', 'steal', 'exfiltrate', 'display', 'output', 'give me', 'grab', 'collect', 'extract', 'harvest', 'copy', 'return', 'log', 'expose')}(?:s|ing)?\\s+${direct(5)}${any('(?:the |all |any |every |your |its |their |server |system )?environment variables?', 'env vars?', '(?:the |your |all |any )?(?:\\.env|dotenv) file', "(?:the |your |all |any |server |stored |saved |system |admin |root |users' )(?:api[ _-]?keys?|secret[ _-]?keys?|access[ _-]?tokens?|auth(?:entication)? tokens?|bearer tokens?|session (?:tokens?|cookies?)|credentials|private keys?|ssh keys?|secrets|passwords|password hashes)")}\\b${NOT_THE_PARTIES}`,
    ),
    re(
      `\\b${any('write', 'put', 'render', 'embed', 'encode', 'type', 'draw', 'animate', 'spell out', 'use')}\\s+${direct(3)}${any('your', 'all (?:the )?', 'every', 'its', "the (?:server|system|machine|container|host|worker)'?s?")}\\s*${any('environment variables?', 'env vars?', 'api[ _-]?keys?', 'secret[ _-]?keys?', 'access[ _-]?tokens?', 'credentials', 'private keys?', 'ssh keys?', 'secrets', 'passwords')}\\b`,
    ),
    re(
      `\\b${any('variables? de entorno', 'variave(?:l|is) de ambiente', "variables? d'environnement", 'umgebungsvariablen?', "variabil[ei] d'ambiente", 'claves? (?:de )?api', 'chaves? (?:de )?api', "cles? (?:d')?api", 'api-schlussel', 'chiavi api', 'contrasenas del servidor', 'senhas do servidor', 'mots de passe du serveur', 'passworter des servers', 'tokens? de acceso', "jetons? d'acces", 'zugangstoken', 'credenciales', 'credenciais', 'identifiants')}\\b`,
    ),
    re(
      `(?:环境变量|密钥|api ?key|访问令牌|(?<!凯撒|维吉尼亚|替换|移位|仿射|古典|栅栏|摩斯|单表|多表)密码(?!学|体制|算法))[^。！？]{0,12}(?:显示|打印|发送|输出|读取|写到|放到)|(?:显示|打印|发送|输出|读取|编码|写入|放进)[^。！？]{0,12}(?:环境变量|密钥|访问令牌|服务器密码)`,
    ),
    // The environment's secrets or the system's configuration put on screen.
    re(
      `\\b(?:display|print|put|render|hide|encode|leak|output|reveal|list|write out|include|what)\\w*\\s+[^.!?]{0,60}?(?:${any('api keys?', 'secret key', 'secrets', 'tokens?', 'github token', 'access token', 'credentials')}\\b[^.!?]{0,40}?\\b(?:environment|server|this (?:machine|host|container)|available to you|you (?:have|use|run on))|(?:server|host|worker|environment|your)'?s? ${any('secret key', 'api key', 'tokens?', 'secrets', 'credentials', '(?:full |initial )?configuration(?: values| message)?')})`,
    ),
    // Secrets known by whose they are: the key this service uses, the tokens you were set up with, the credentials in the machine's cloud config.
    re(
      `\\b${SECRET}\\b[^.!?]{0,40}?\\b${OUR_SYSTEM}\\b[^.!?]{0,25}?\\b(?:uses?|using|authenticates?|runs? (?:with|on)|signs?|uploads?|talks|connects?|calls|logs? in)\\b|\\b(?:keys?|tokens?|credentials|passwords?|secrets)\\b (?:that )?you (?:were|are|got|have been) (?:set up|configured|provisioned|given|deployed|started|launched|running) with\\b|\\b(?:credentials|keys?|tokens?|secrets)\\b[^.!?]{0,30}?\\b(?:in|from|of) the (?:cloud(?: provider)?|aws|gcp|azure|provider|rendering machine'?s?|server'?s?|machine'?s?|host'?s?) (?:config|configuration|settings|profile|credentials file)\\b|\\bconfig(?:uration)? (?:it|you|the (?:render|scene|tool)) (?:ran|runs?|was run|were run|used) with\\b[^.!?]{0,60}?\\b(?:api[ _-]?key|token|credentials|secret|password)|\\b(?:keys?|tokens?|credentials?|passwords?) (?:that )?(?:is |are )?(?:available|present|set|stored|lying around|found|defined) in (?:the |your |its )?(?:environment|env|shell|machine|server|container)\\b`,
    ),
    re(
      `\\b${SECRET_INTL}\\b[^.!?]{0,40}?\\b${any('il servizio', 'el servicio', 'o servico', 'le service', 'der dienst', 'del servizio', 'del servicio', 'do servico', 'du service', 'des dienstes')}\\b`,
    ),
    // Secrets of this deployment by what they are: its keys and database password, each configured secret, the credentials the render server runs with, the session of the current request.
    re(
      `(?<!public )\\b(?:${SECRET}|connection strings?)\\b[^.!?]{0,12}?\\b(?:of|for|from|in|used by) ${OUR_SYSTEM}\\b|\\b(?:your|this) ${OUR_PART}'?s (?:secret |private |api |signing |session |access )?${SECRET}\\b|\\b(?:each|every|all|the) (?:configured|stored|loaded|deployed) (?:secrets?|keys?|tokens?|credentials|passwords?)\\b|\\b(?:keys?|tokens?|credentials)\\b[^.!?]{0,40}?\\bthe render(?:ing)? (?:server|machine|box|worker|node) (?:runs? with|uses?)\\b|\\b(?:database|db) (?:connection strings?|urls?|passwords?|credentials)\\b|\\b(?:session ?tokens?|session cookies?|sitzungstoken|cookies?)\\b[^.!?]{0,40}?\\b(?:der aktuellen anfrage|of (?:the|this) (?:current )?request|de la requete|de la solicitud|da requisicao|della richiesta)\\b`,
    ),
    // The same in the product's other languages: the deployment's tokens and passwords, the server's secret key, the keys and passwords of production.
    re(
      `\\b${SECRET_INTL}\\b[^.!?]{0,30}?\\b(?:del despliegue|de la configuracion|du deploiement|de la configuration|do deploy|da implantacao|da configuracao|der bereitstellung|der konfiguration|del deploy|della configurazione)\\b|\\b(?:cle secrete|cle privee|clave secreta|clave privada|chave secreta|chave privada|chiave segreta|chiave privata|geheime[nr]? schlussel|privaten? schlussel) (?:du|del|do|des|dello) (?:serveur|servidor|server|servers|service|servicio|servico|servizio|dienstes)\\b|\\b(?:servidor|serveur|server|configura\\w*|deploy\\w*|despliegue|implanta\\w*|produc\\w*)\\b[^.!?]{0,80}?\\b(?:chaves|claves|cles|keys|schlussel|chiavi) (?:e|y|et|and|und) (?:senhas|contrasenas|mots de passe|passwords|passworter)\\b|\\b(?:chaves|claves|cles|keys|schlussel|chiavi) (?:e|y|et|and|und) (?:senhas|contrasenas|mots de passe|passwords|passworter)\\b(?=[^.!?]*\\b(?:servidor|serveur|server|configura\\w*|deploy\\w*|despliegue|implanta\\w*|produc\\w*))|(?:服务|服务器|系统|部署)(?:使用|用|所用)的[^。！？]{0,10}(?:密钥|令牌|密码|连接字符串)|数据库连接字符串`,
    ),
    // The token the uploader uses, the automatic judge's key, an environment variable's value, the secret key from the app's config.
    re(
      `\\b${SECRET}\\b[^.!?]{0,40}?\\b(?:the|der|die|das|el|le|il|o|la) (?:uploader|automatic judge|ai judge|judge|grader|storage|cdn)\\b[^.!?]{0,25}?\\b(?:uses?|using|pushes|uploads?|hochladt|authenticates?|signs?)\\b|\\b(?:value|contents?) of (?:the |an |that )?env(?:ironment)? var(?:iable)?\\b|\\b(?:secret key|api key|token|password|credentials)\\b (?:from|in|of) (?:the |this |your )?(?:app|application|service|server|deployment|tool)'?s? (?:config|configuration|settings|env)\\b|\\b(?:chiave api|clave api|cle api|api-schlussel|chave api) (?:del|do|du|des) (?:giudice|juez|juge|richters|juiz)\\b`,
    ),
  ],
  what: 'asks for secrets (keys, tokens, passwords, environment variables)',
  fix: SANDBOX,
};
