/**
 * What visitors mean in their own words, in the words owners write help articles with. Each
 * concept names the owner-side words (`means`) that any of its visitor phrasings stands for:
 * phrases ("get my money back", "stop paying for a while") and single words a help centre rarely
 * uses ("quit", "shut"). General customer-support vocabulary across trades, written from how
 * people ask, not from any one business or evaluation message; an entry matches through whichever
 * of the owner words its domain uses.
 */
export interface Concept {
  /** Letters only; the phrase is read as one token named after it. */
  name: string;
  /** Owner-side words the concept is written with, any of which an entry may use. */
  means: string;
  /** Visitor phrasings, matched on the normalised message (lower case, no apostrophes). */
  phrases?: readonly RegExp[];
  /** Single visitor words with the same meaning. */
  words?: readonly string[];
}

export const CONCEPTS: readonly Concept[] = [
  // Money
  {
    name: 'refund',
    means: 'refund return reimburse',
    phrases: [
      /\b(?:cash|funds?|payment) back\b/,
      /\bget (?:back )?what (?:i|we) paid\b/,
      /\bsend (?:it|this|that|them|the \w+|my \w+) back\b/,
      /\bchanged? (?:my|our) mind\b/,
      /\bcharge ?back\b/,
    ],
    words: ['reimbursed', 'reimbursement', 'refunded', 'refundable'],
  },
  {
    name: 'cancel',
    means: 'cancel cancellation terminate',
    phrases: [
      /\bget out of (?:my|our|the) (?:contract|plan|subscription|membership|agreement)\b/,
      /\b(?:stop|end|close|shut down|delete|kill) (?:my|our|the) (?:account|subscription|plan|membership|contract)\b/,
      /\bdont want (?:it|this|the \w+) any ?more\b/,
      /\bno longer (?:want|need)\b/,
      /\bopt(?:ing)? out\b/,
    ],
    words: ['quit', 'quitting', 'unsubscribe'],
  },
  {
    name: 'pause',
    means: 'pause freeze hold suspend',
    phrases: [
      /\bon (?:hold|ice)\b/,
      /\b(?:stop|skip) (?:paying|payments?|billing|deliveries|a delivery|a month|an order)\b[^.?!]{0,30}\b(?:while|for a|during|until)\b/,
      /\btake a break\b/,
      /\b(?:going|be) (?:away|travelling|traveling|abroad|on holiday|on vacation)\b/,
    ],
    words: ['paused', 'pausing', 'frozen', 'suspended'],
  },
  {
    name: 'paymethods',
    means: 'payment pay card apple google paypal wallet methods contactless',
    phrases: [
      /\bpay (?:with|by|using|on|through|via) (?:my |a |the )?(?:phone|mobile|watch|iphone|android)\b/,
      /\b(?:tap|contactless)\b/,
      /\bwhat (?:cards?|payment)\b/,
      /\b(?:do|can) (?:you|u) (?:take|accept)\b[^.?!]{0,20}\b(?:card|cards|cash|visa|amex|mastercard|paypal|cheque|check|crypto|bitcoin)\b/,
    ],
  },
  {
    name: 'instalments',
    means: 'finance instalments installments',
    phrases: [
      /\b(?:split|spread|break up) (?:the |my )?(?:cost|payment|price|bill)\b/,
      /\bpay (?:it )?(?:off |back )?(?:in parts|monthly|over time|later|bit by bit|in chunks)\b/,
      /\bbuy now,? pay later\b/,
    ],
    words: ['klarna', 'afterpay', 'financing'],
  },
  {
    name: 'charged',
    means: 'charge billing charged billed',
    phrases: [
      /\b(?:charged|billed) (?:twice|double|two times|more than once|wrong|incorrectly)\b/,
      /\bdouble (?:charged|charge|billed)\b/,
      /\btook (?:money|payment) (?:twice|again)\b/,
      /\b(?:strange|unknown|weird|wrong) (?:charge|payment|transaction)\b/,
      /\bon my (?:bank )?statement\b/,
    ],
  },
  {
    name: 'receipt',
    means: 'invoice receipt vat tax billing',
    phrases: [/\bproof of (?:purchase|payment)\b/, /\bfor (?:my |our )?(?:expenses|accountant|taxes)\b/],
    words: ['receipts', 'vat'],
  },
  {
    name: 'discount',
    means: 'discount sale offer promotion voucher coupon',
    phrases: [/\bpromo(?:tional)? code\b/, /\bmoney off\b/],
    words: ['deals', 'specials', 'bargain', 'bargains', 'savings'],
  },
  {
    name: 'student',
    means: 'student discount concession',
    phrases: [/\b(?:college|uni|university|school) (?:kids|students?|folks)\b/],
    words: ['students', 'uni', 'college', 'concession', 'concessions'],
  },
  {
    name: 'gift',
    means: 'gift voucher giftcard',
    phrases: [
      /\bfor (?:my )?(?:mum|mom|dad|wife|husband|partner|friend|boyfriend|girlfriend)s? (?:birthday|christmas|anniversary)\b/,
      /\b(?:send|give|post) (?:it|one|this|them) to (?:my|a) (?:mum|mom|dad|sister|brother|wife|husband|partner|friend|nan|gran|grandma|grandad|aunt|uncle)\b/,
    ],
    words: ['surprise'],
  },
  {
    name: 'quote',
    means: 'quote estimate price cost',
    phrases: [
      /\bballpark\b/,
      /\brough (?:idea|price|cost|figure)\b/,
      /\bhow much (?:would|will) it (?:be|cost|run)\b/,
    ],
    words: ['estimate', 'quotation', 'ballpark'],
  },

  // Orders and delivery
  {
    name: 'track',
    means: 'track tracking',
    phrases: [
      /\b(?:hasnt|hasn t|has not|havent|have not|didnt|did not|never|still not|not yet) (?:arrived|come|turned up|shown up|got here|been delivered|received)\b/,
      /\bwheres? (?:my|our) (?:stuff|order|parcel|package|delivery)\b/,
      /\bstill waiting (?:for|on)\b/,
      /\bwhen (?:will|does|do) (?:it|my order|my parcel|they|my stuff) (?:arrive|come|get here|turn up|ship)\b/,
    ],
    words: ['tracking', 'missing'],
  },
  {
    name: 'deliverytime',
    means: 'delivery shipping arrive dispatch',
    phrases: [
      /\bhow (?:long|quick|quickly|fast|soon)\b[^.?!]{0,30}\b(?:arrive|get here|come|reach|take to (?:get|arrive|come)|to me)\b/,
      /\b(?:next|same)[ -]day\b/,
    ],
  },
  {
    name: 'damaged',
    means: 'damaged broken faulty defective',
    phrases: [
      /\b(?:arrived|came|turned up|showed up) (?:broken|damaged|smashed|cracked|dented|in pieces|leaking|wrong)\b/,
      /\b(?:doesnt|does not|dont|stopped|isnt|wont) (?:work|working|turn on|charge|start)\b/,
    ],
    words: ['faulty', 'defective', 'dented', 'leaking', 'leaky', 'chipped', 'torn', 'ripped'],
  },
  {
    name: 'wrongitem',
    means: 'wrong exchange incorrect',
    phrases: [
      /\b(?:wrong|incorrect) (?:one|item|size|colou?r|thing|order|product|flavou?r)\b/,
      /\bnot what (?:i|we) ordered\b/,
      /\b(?:swap|switch|change) (?:it|this|that|them) for\b/,
      /\b(?:doesnt|does not|didnt) fit\b/,
    ],
    words: ['swap', 'exchange'],
  },
  {
    name: 'abroad',
    means: 'international shipping worldwide abroad overseas countries',
    phrases: [/\boutside (?:the |of )?(?:country|uk|us|usa|eu|europe)\b/],
    words: ['overseas', 'abroad', 'internationally'],
  },
  {
    name: 'stock',
    means: 'stock available availability restock',
    phrases: [
      /\b(?:in|out of) stock\b/,
      /\bsold out\b/,
      /\bback in\b/,
      /\b(?:any|some) left\b/,
      /\b(?:make|get|have) (?:any |some )?more\b/,
      /\b(?:come|be) back\b/,
    ],
    words: ['restock', 'restocked', 'restocking', 'soldout'],
  },

  // Time and place
  {
    name: 'hours',
    means: 'hours open opening closing',
    phrases: [
      /\bwhen (?:do|does|are|r) (?:you|u|ya|they|the \w+) (?:shut|close|closed|open)\b/,
      /\b(?:open|closed) (?:on |at |over |in |during )?(?:the )?(?:weekends?|sundays?|saturdays?|bank holidays?|holidays?|christmas|evenings?|late|early)\b/,
      /\b(?:late|early) (?:opening|nights?|appointments?)\b/,
    ],
    words: ['shut', 'shuts', 'closes', 'opens', 'closed'],
  },
  {
    name: 'findus',
    means: 'location address directions parking map',
    phrases: [
      /\bhow (?:do|can) (?:i|we) (?:find|get to|reach) (?:you|u|the \w+)\b/,
      /\bwhere (?:r|are) (?:u|you|ya|yall)(?: guys| lot)?(?: exactly| based| located)?\b/,
      /\bwhats? (?:your|the) (?:address|postcode|zip)\b/,
    ],
    words: ['postcode', 'zipcode', 'whereabouts', 'nearest'],
  },
  {
    name: 'parking',
    means: 'parking park car',
    phrases: [/\b(?:leave|put|stick) (?:the|my|our) (?:car|van|vehicle)\b/, /\bsomewhere to park\b/],
    words: ['parking', 'carpark', 'driving'],
  },
  {
    name: 'reschedule',
    means: 'reschedule cancel rearrange',
    phrases: [
      /\b(?:cant|can not|cannot|wont be able to|unable to) (?:make|come|attend|do) (?:it|the|my|our|that)?\b/,
      /\b(?:move|change|push|shift) (?:my|our|the) (?:appointment|booking|slot|visit|session|time|date|clean|class|call)\b/,
      /\b(?:different|another|other) (?:day|date|time)\b/,
    ],
    words: ['rearrange', 'postpone', 'rebook'],
  },
  {
    name: 'late',
    means: 'late lateness missed no show',
    phrases: [
      /\brunning late\b/,
      /\b(?:dont|didnt|do not|did not|cant) (?:turn|show) up\b/,
      /\bno[ -]show\b/,
    ],
    words: ['lateness'],
  },
  {
    name: 'urgent',
    means: 'emergency emergencies urgent',
    phrases: [
      /\b(?:as soon as possible|right away|right now|straight away|today if possible)\b/,
      /\b(?:middle of the night|after hours|out of hours|weekend emergency)\b/,
      /\bcan (?:you|u|someone) see (?:me|us|him|her|them) (?:today|now|asap)\b/,
    ],
    words: ['asap', 'urgently', 'emergency', 'emergencies'],
  },
  {
    name: 'access',
    means: 'access keys key entry',
    phrases: [
      /\b(?:wont|will not|not) be (?:home|in|there|around)\b/,
      /\blet (?:yourselves|yourself|themselves|you|them) in\b/,
      /\b(?:while|when) (?:im|i am|we are|were) (?:out|at work|away)\b/,
    ],
  },

  // Accounts and software
  {
    name: 'login',
    means: 'login password reset',
    phrases: [
      /\b(?:cant|can not|cannot|unable to) (?:get|log|sign) (?:in|into|on)\b/,
      /\blocked out\b/,
      /\bforgot(?:ten)? (?:my )?(?:password|login|details|pin)\b/,
      /\breset (?:my |the )?(?:password|pin)\b/,
    ],
    words: ['password', 'passcode', 'credentials'],
  },
  {
    name: 'privacy',
    means: 'privacy data protection personal security gdpr information',
    phrases: [
      /\b(?:my|our|your customers|personal) (?:info|information|details|data)\b/,
      /\b(?:sell|share|pass on|give away)\b[^.?!]{0,20}\b(?:info|information|details|data|email)\b/,
      /\bwho (?:can )?sees? (?:my|our)\b/,
    ],
    words: ['gdpr', 'confidential', 'privacy'],
  },
  {
    name: 'security',
    means: 'security secure encryption safe protection',
    phrases: [/\b(?:is|are) (?:it|my|our|the)\b[^.?!]{0,25}\b(?:safe|secure)\b/, /\bget hacked\b/],
    words: ['hacked', 'hackers', 'encrypted', 'encryption', 'secure'],
  },
  {
    name: 'team',
    means: 'team users seats members staff employees invite colleagues',
    phrases: [
      /\b(?:add|invite)\b[^.?!]{0,20}\b(?:people|colleagues|coworkers|co-workers|staff|employees|team|users|my \w+)\b/,
      /\bhow many (?:people|users|employees|staff|seats|logins)\b/,
      /\bmore than one (?:person|user|login)\b/,
    ],
    words: ['colleagues', 'coworkers', 'employees', 'seats', 'teammates'],
  },
  {
    name: 'integration',
    means: 'integration integrate connect sync import export api',
    phrases: [
      /\b(?:work|works|link|hook|tie) (?:up )?(?:with|to|into)\b/,
      /\b(?:talk|talks) to (?:my|our)\b/,
      /\bpull in\b/,
    ],
    words: ['integrate', 'integrations', 'sync', 'syncs', 'syncing', 'plugin', 'zapier'],
  },
  {
    name: 'export',
    means: 'export download data backup csv',
    phrases: [
      /\b(?:get|take|pull) (?:my |our |all )?(?:data|stuff|info|records|everything)(?: \w+)? (?:out|back)\b/,
    ],
    words: ['backup', 'spreadsheet', 'csv', 'excel'],
  },
  {
    name: 'mobileapp',
    means: 'app mobile ios android phone',
    phrases: [/\bon (?:my |the )?(?:phone|mobile|iphone|ipad|tablet)\b/, /\bapp store\b/],
    words: ['iphone', 'android', 'ios', 'ipad', 'tablet'],
  },
  {
    name: 'trial',
    means: 'trial demo',
    phrases: [
      /\btry (?:it|you|this|things) out\b/,
      /\b(?:test|try) (?:it|before)\b/,
      /\bbefore (?:i|we) (?:commit|buy|pay|sign up|signup)\b/,
    ],
    words: ['freebie', 'trial'],
  },
  {
    name: 'plans',
    means: 'plan pricing subscription tier upgrade downgrade',
    phrases: [
      /\b(?:bigger|smaller|higher|lower|cheaper|different) (?:plan|tier|package)\b/,
      /\bswitch (?:plans?|tiers?)\b/,
    ],
    words: ['tier', 'tiers', 'package', 'packages', 'upgrade', 'downgrade'],
  },
  {
    name: 'notify',
    means: 'notifications reminders alerts notify',
    phrases: [
      /\b(?:remind|text|message) (?:me|us|them|my \w+)\b/,
      /\b(?:get|send) (?:a )?(?:reminder|alert|heads up)\b/,
    ],
    words: ['reminder', 'reminders', 'alert', 'alerts', 'notification', 'notifications', 'notified'],
  },
  {
    name: 'bug',
    means: 'error troubleshooting bug',
    phrases: [
      /\bkeeps? (?:crashing|freezing|failing|logging me out)\b/,
      /\b(?:wont|doesnt) (?:load|open|sync|save|update)\b/,
    ],
    words: ['crash', 'crashing', 'glitch', 'glitchy', 'buggy', 'error'],
  },

  // People, health, safety
  {
    name: 'kids',
    means: 'children child kids family',
    phrases: [
      /\b(?:little|young) (?:one|ones|boy|girl|lad|kid)s?\b/,
      /\b\d{1,2} ?(?:yr|year|yo)s?(?: old)?\b/,
    ],
    words: ['toddler', 'toddlers', 'baby', 'babies', 'teen', 'teens', 'teenager', 'kiddo'],
  },
  {
    name: 'age',
    means: 'age minimum',
    phrases: [/\bhow old\b/, /\b(?:too|old|young) enough\b/, /\byoungest\b/, /\bunder (?:1[0-9]|[5-9])s?\b/],
  },
  {
    name: 'pregnancy',
    means: 'pregnancy pregnant expecting',
    phrases: [/\bexpecting (?:a baby|a little one)\b/, /\b(?:a|the) bump\b/],
    words: ['pregnant', 'expecting'],
  },
  {
    name: 'injury',
    means: 'injury injured medical condition pain',
    phrases: [
      /\b(?:hurt|pulled|sprained|twisted|broke|bad) (?:my )?(?:knee|back|ankle|shoulder|wrist|neck|leg|arm)\b/,
    ],
    words: ['hurt', 'sore', 'sprained', 'injured', 'aching', 'ache'],
  },
  {
    name: 'pain',
    means: 'pain emergency urgent hurt',
    phrases: [/\bkilling me\b/, /\b(?:in|so much) (?:agony|pain)\b/],
    words: ['agony', 'throbbing', 'swollen', 'swelling', 'bleeding'],
  },
  {
    name: 'allergy',
    means: 'allergies allergy allergens ingredients intolerance',
    phrases: [/\ballergic to\b/, /\b(?:nut|gluten|dairy|lactose)[ -]free\b/],
    words: ['allergic', 'allergies', 'intolerant', 'vegan', 'vegetarian', 'gluten', 'dairy', 'nuts'],
  },
  {
    name: 'safe',
    means: 'safe safety nontoxic toxic chemicals',
    phrases: [
      /\b(?:toxic|poisonous|harmful|nasty chemicals)\b/,
      /\bsafe for (?:kids|children|pets|babies|the family)\b/,
    ],
    words: ['toxic', 'nontoxic', 'poisonous', 'harmful', 'chemicals', 'nasty', 'dangerous'],
  },
  {
    name: 'eco',
    means: 'eco sustainable environment recyclable plastic green',
    phrases: [/\b(?:eco|environmentally)[ -]?friendly\b/, /\bbetter for the planet\b/],
    words: [
      'sustainable',
      'sustainability',
      'recyclable',
      'recycle',
      'compostable',
      'biodegradable',
      'plastic',
    ],
  },
  {
    name: 'insured',
    means: 'insurance insured vetted trusted background',
    phrases: [
      /\bbackground check(?:ed|s)?\b/,
      /\bif (?:something|anything) (?:gets|is) (?:broken|damaged)\b/,
    ],
    words: ['insured', 'trustworthy', 'liability'],
  },
  {
    name: 'insurance',
    means: 'insurance insurer claim covered policy',
    phrases: [/\b(?:covered|pay) by (?:my|our|the) (?:insurance|insurer|policy)\b/, /\bmake a claim\b/],
    words: ['insurer', 'insurers', 'covered', 'claim'],
  },
  {
    name: 'complaint',
    means: 'satisfaction guarantee complaint redo unhappy',
    phrases: [
      /\b(?:not|wasnt|werent|isnt|arent) (?:happy|satisfied|pleased|good enough)\b/,
      /\b(?:do|come back and do) it again\b/,
      /\bmake a complaint\b/,
    ],
    words: ['unhappy', 'disappointed', 'complain', 'complaint', 'redo', 'dissatisfied'],
  },
  {
    name: 'warranty',
    means: 'warranty guarantee covered',
    phrases: [/\b(?:stops?|stopped) working after\b/, /\bhow long (?:does|will) (?:it|they) last\b/],
    words: ['guarantee', 'guaranteed', 'warranty'],
  },
  {
    name: 'bring',
    means: 'equipment supplies provide',
    phrases: [
      /\bwhat (?:do|should) (?:i|we) (?:bring|wear|pack|need to bring)\b/,
      /\bdo (?:i|we) need (?:to bring|my own|our own)\b/,
      /\bmy own\b/,
    ],
    words: ['equipment', 'supplies', 'kit', 'gear'],
  },
  {
    name: 'firsttime',
    means: 'first beginner induction',
    phrases: [
      /\b(?:first|1st) (?:time|visit|day|session|appointment)\b/,
      /\bnever (?:been|done|tried)\b/,
      /\bwhat (?:to|should i) expect\b/,
    ],
    words: ['beginner', 'beginners', 'newbie', 'novice'],
  },
  {
    name: 'accessibility',
    means: 'accessibility accessible wheelchair disabled ramp',
    phrases: [/\bstep[ -]free\b/, /\bdisabled access\b/],
    words: ['wheelchair', 'accessible', 'mobility', 'disability', 'disabled', 'ramp'],
  },
  {
    name: 'contact',
    means: 'contact phone email',
    phrases: [
      /\b(?:phone|contact|telephone) number\b/,
      /\bhow (?:do|can) (?:i|we) (?:contact|reach|call|email|ring|get hold of)\b/,
      /\bget (?:in touch|hold of)\b/,
    ],
    words: ['ring', 'telephone', 'whatsapp'],
  },
  {
    name: 'jobs',
    means: 'careers jobs hiring vacancies',
    phrases: [/\bwork (?:for|with) (?:you|u)\b/, /\b(?:are you|r u) hiring\b/],
    words: ['hiring', 'vacancies', 'vacancy', 'careers', 'recruiting'],
  },
  {
    name: 'size',
    means: 'size sizes dimensions measurements fit capacity',
    phrases: [/\bhow (?:big|large|small|tall|wide|long|heavy)\b/, /\bwhat sizes?\b/],
    words: ['measurements', 'dimensions', 'fits', 'sizing'],
  },
  {
    name: 'guest',
    means: 'guest friend visitor',
    phrases: [
      /\b(?:bring|take) (?:a |my )?(?:friend|mate|partner|buddy|pal|plus one)\b/,
      /\b(?:my )?(?:mate|friend|buddy|pal) (?:come|join|along)\b/,
    ],
    words: ['mate', 'buddy', 'pal'],
  },
  {
    name: 'ingredients',
    means: 'ingredients contains materials',
    phrases: [/\bwhats? (?:in|inside) (?:it|them|this|that|the \w+)\b/, /\bmade (?:of|from|with)\b/],
    words: ['ingredient', 'contents', 'materials', 'material'],
  },
  // Days and regularity
  {
    name: 'weekend',
    means: 'weekend saturday sunday',
    words: ['weekend', 'weekends'],
  },
  {
    name: 'regular',
    means: 'regular recurring weekly fortnightly repeat',
    phrases: [
      /\bevery (?:week|other week|two weeks|fortnight|month)\b/,
      /\bsame (?:person|one|cleaner|technician|engineer|vet|dentist|doctor|trainer) (?:each|every)\b/,
    ],
    words: ['weekly', 'fortnightly', 'biweekly', 'recurring', 'regularly'],
  },

  // Software
  {
    name: 'permissions',
    means: 'permissions roles admin access',
    phrases: [
      /\bwho can (?:see|edit|change|access)\b/,
      /\badmin rights\b/,
      /\baccess levels?\b/,
      /\b(?:restrict|limit) (?:what|access|who)\b/,
    ],
    words: ['permission', 'permissions', 'roles', 'rights', 'restrict'],
  },
  {
    name: 'offline',
    means: 'offline',
    phrases: [/\b(?:no|without|bad|poor|patchy) (?:internet|signal|wifi|wi fi|connection|reception|data)\b/],
    words: ['offline'],
  },
  {
    name: 'outage',
    means: 'status outage downtime',
    phrases: [/\b(?:is|are) (?:it|the site|the app|you|things) down\b/, /\bstatus page\b/],
    words: ['outage', 'outages', 'downtime'],
  },
  {
    name: 'migrate',
    means: 'import migrate migration switch',
    phrases: [
      /\b(?:move|moving|switch|switching|come|coming) (?:over |across )?from\b/,
      /\bbring (?:my|our|all) (?:data|stuff|info|records|clients|customers)\b/,
    ],
    words: ['migrate', 'migrating', 'migration', 'import', 'importing'],
  },
  {
    name: 'timezone',
    means: 'timezone zones zone',
    phrases: [/\btime ?zones?\b/, /\bdifferent (?:countries|time zones|locations)\b/],
  },
  {
    name: 'language',
    means: 'language languages translation',
    phrases: [
      /\bin (?:spanish|french|german|italian|portuguese|dutch|polish|arabic|chinese|japanese|irish|welsh)\b/,
      /\bother languages?\b/,
    ],
    words: ['translate', 'translated', 'translation', 'multilingual'],
  },
  {
    name: 'annual',
    means: 'annual yearly annually',
    phrases: [/\bpay (?:for )?(?:the |a )?(?:whole )?year\b/, /\bup ?front\b/],
    words: ['annual', 'annually', 'yearly'],
  },

  // Health care (people or animals)
  {
    name: 'checkup',
    means: 'checkup check exam examination',
    phrases: [/\b(?:once over|general check|health check|routine (?:visit|appointment|check))\b/],
    words: ['checkup', 'checkups', 'exam', 'examination', 'routine'],
  },
  {
    name: 'prescription',
    means: 'prescription prescriptions medication',
    words: ['refill', 'refills', 'meds', 'medication', 'medicine', 'medicines', 'pills', 'tablets'],
  },
  {
    name: 'results',
    means: 'results test',
    phrases: [/\bresults? back\b/, /\bheard back\b/],
  },
  {
    name: 'vaccination',
    means: 'vaccination vaccinations vaccine vaccines',
    words: [
      'shots',
      'booster',
      'boosters',
      'immunisation',
      'immunization',
      'immunisations',
      'vaccine',
      'vaccines',
      'vaccinated',
    ],
  },
  {
    name: 'surgery',
    means: 'surgery operation procedure',
    words: ['op', 'operation', 'operations', 'procedure', 'procedures', 'surgical'],
  },
  {
    name: 'fasting',
    means: 'fasting fast preparation prepare',
    phrases: [
      /\b(?:eat|food|drink|feed|water) (?:before|the night before)\b/,
      /\bbefore (?:the|my|his|her|their) (?:operation|surgery|procedure|op)\b/,
    ],
  },
  {
    name: 'nervous',
    means: 'nervous anxious anxiety sedation calm',
    words: ['nervous', 'scared', 'anxious', 'anxiety', 'phobia', 'afraid', 'frightened', 'terrified'],
  },
  {
    name: 'register',
    means: 'register registration',
    phrases: [
      /\b(?:join|register|sign up|signup) (?:as|with) (?:a )?(?:new )?(?:patient|client|customer)\b/,
      /\bnew (?:patient|client)s?\b/,
    ],
  },

  // Local services
  {
    name: 'area',
    means: 'area areas cover coverage radius travel',
    phrases: [
      /\b(?:do|will|can) (?:you|u) (?:come|cover|travel|go|work) (?:to|out to|in|as far as)\b/,
      /\b(?:my|our|your) (?:area|neck of the woods|town|village|postcode|zip code)\b/,
      /\bhow far\b/,
    ],
    words: ['nearby'],
  },
  {
    name: 'tip',
    means: 'tip tipping gratuity',
    words: ['tip', 'tips', 'tipping', 'gratuity'],
  },
  {
    name: 'pets',
    means: 'pets pet animals',
    phrases: [/\b(?:a |my |our )?(?:dog|cat|dogs|cats|pets?) (?:at home|in the house|in the flat)\b/],
  },
  {
    name: 'moving',
    means: 'moving tenancy move',
    phrases: [/\bmoving (?:out|house|home|in)\b/, /\bend of (?:my |the )?(?:lease|tenancy|rental)\b/],
  },

  // Shops
  {
    name: 'subscription',
    means: 'subscription subscribe',
    phrases: [
      /\b(?:every|each) month automatically\b/,
      /\bregular (?:delivery|deliveries|order|orders)\b/,
      /\brepeat orders?\b/,
      /\bauto[ -]?(?:ship|renew|delivery)\b/,
    ],
    words: ['subscribe', 'subscribing'],
  },
  {
    name: 'wholesale',
    means: 'wholesale bulk trade',
    phrases: [
      /\bfor (?:my|our) (?:shop|cafe|business|office|restaurant|store|hotel)\b/,
      /\b(?:i|we) (?:run|own|have|manage) an? (?:shop|cafe|coffee shop|restaurant|business|hotel|store|office|bar)\b/,
      /\bin bulk\b/,
      /\blarge (?:order|quantity|quantities)\b/,
    ],
    words: ['bulk', 'wholesale', 'resell', 'stockist', 'trade'],
  },
  {
    name: 'shelflife',
    means: 'fresh freshness shelf expiry',
    phrases: [
      /\bhow long (?:does|do|will|would) (?:it|they|\w+) (?:keep|stay fresh|last)\b/,
      /\bbest before\b/,
      /\bgo(?:es)? (?:off|stale|bad)\b/,
    ],
    words: ['stale', 'expire', 'expires', 'expiry', 'expiration'],
  },
  {
    name: 'storage',
    means: 'store storage keep',
    phrases: [/\b(?:keep|store) (?:it|them|the \w+) (?:fresh|in|at)\b/],
  },
  {
    name: 'currency',
    means: 'currency currencies',
    phrases: [/\b(?:foreign|other|different|local) (?:currency|currencies|money)\b/],
    words: [
      'yen',
      'yuan',
      'rupee',
      'rupees',
      'franc',
      'francs',
      'peso',
      'pesos',
      'krona',
      'kroner',
      'zloty',
      'rand',
      'dirham',
    ],
  },
  {
    name: 'tax',
    means: 'tax taxes vat report',
    phrases: [
      /\byear[ -]end\b/,
      /\btax (?:return|year|time)\b/,
      /\bend of (?:the )?(?:tax |financial )?year\b/,
    ],
    words: ['hmrc', 'irs', 'taxes'],
  },
  {
    name: 'learn',
    means: 'workshop workshops class classes course courses lesson lessons training',
    phrases: [/\b(?:learn|teach me|show me) (?:how )?to\b/],
    words: [
      'learn',
      'learning',
      'lesson',
      'lessons',
      'teach',
      'teaching',
      'tutorial',
      'tuition',
      'course',
      'courses',
    ],
  },
  {
    name: 'collection',
    means: 'collect collection pickup',
    phrases: [
      /\b(?:grab|get|fetch|take|come for|come and get) (?:my|our|the) \w+ (?:from|at) (?:my|our|the) (?:house|home|place|flat|office|work)\b/,
      /\bcome (?:and|to) (?:get|fetch|grab)\b/,
    ],
  },
  {
    name: 'washing',
    means: 'dishwasher wash washable washing machine',
    phrases: [/\b(?:in|into) the (?:dish ?washer|machine|wash)\b/, /\bwith the (?:dishes|plates|cutlery)\b/],
    words: ['washable', 'dishwasher'],
  },
  {
    name: 'heat',
    means: 'microwave oven heat',
    phrases: [/\bheat(?:ing)? (?:\w+ ){0,2}up\b/, /\bwarm (?:\w+ ){0,2}up\b/],
    words: ['heat', 'heating', 'reheat', 'reheating'],
  },
  {
    name: 'carddetails',
    means: 'billing payment card update details',
    phrases: [
      /\b(?:change|update|replace|new) (?:my |the )?(?:card|payment|billing|bank) (?:details|info|information|method)\b/,
    ],
  },
  {
    name: 'charity',
    means: 'nonprofit charity charities',
    words: ['charity', 'charities', 'nonprofit', 'nonprofits', 'ngo', 'ngos'],
  },
  {
    name: 'restore',
    means: 'restore recover undo deleted',
    phrases: [
      /\b(?:deleted|removed|lost) (?:it |them |something |\w+ )?by (?:mistake|accident)\b/,
      /\bget (?:it|them) back\b/,
    ],
    words: ['undo', 'undelete', 'accidentally'],
  },
  {
    name: 'unsubscribe',
    means: 'notifications unsubscribe emails preferences',
    phrases: [
      /\b(?:stop|turn off|unsubscribe from|opt out of|too many) (?:the |your |these |all )?(?:emails|notifications|texts|messages|newsletters?|marketing)\b/,
    ],
  },
  {
    name: 'referral',
    means: 'referral refer affiliate',
    phrases: [/\brefer (?:a )?(?:friend|mate)\b/, /\binvite (?:a )?friends?\b/],
    words: ['referral', 'referrals', 'affiliate', 'affiliates'],
  },
  {
    name: 'loyalty',
    means: 'loyalty rewards points',
    phrases: [/\bstamp card\b/, /\breward (?:scheme|program|programme|card)\b/],
    words: ['loyalty', 'rewards', 'points'],
  },
  {
    name: 'pricematch',
    means: 'price match',
    phrases: [/\bprice ?match\b/, /\bcheaper (?:elsewhere|somewhere else|online)\b/],
  },
  {
    name: 'payplan',
    means: 'finance instalments installments',
    phrases: [/\bpayment plans?\b/, /\bpay (?:it )?monthly\b/],
  },
];
