/**
 * Building blocks of a demo member's "about" text in their own language: one opener, one line
 * about two of their interests, one closer. `[masc|fem]` picks the word form by the member's
 * gender (Romance languages and Polish inflect adjectives); {city}, {a}, {b} are filled in.
 * Polish lines avoid {city}, which would need a declined form.
 */
import type { Locale } from '@shared/constants.js';

export interface AboutParts {
  openers: readonly string[];
  middles: readonly string[];
  closers: readonly string[];
}

export const ABOUT_TEXTS: Record<Locale, AboutParts> = {
  en: {
    openers: [
      'Easy-going and curious, always up for something new.',
      'Down-to-earth, a bit of a dreamer and a good listener.',
      'I laugh a lot, mostly at my own jokes.',
      'Honest, warm and spontaneous: what you see is what you get.',
      'Recently moved to {city} and keen to meet interesting people.',
      'Work hard, play hard, and never skip dessert.',
    ],
    middles: ['Things I love: {a} and {b}.', 'Weekends are for {a}, {b} and good company.', 'My favourite topic: {a}. I could talk about it for hours.'],
    closers: [
      'Looking for someone who can make me laugh.',
      "Let's grab a drink and see where it goes.",
      'Send me a message if you like what you see!',
      'Not here for games, just real connections.',
      'Bonus points if you know a good restaurant in {city}.',
      'Life is too short for boring conversations.',
    ],
  },
  de: {
    openers: [
      'Unkompliziert und neugierig, immer offen für Neues.',
      'Bodenständig, ein bisschen verträumt und ich kann gut zuhören.',
      'Ich lache viel, meistens über meine eigenen Witze.',
      'Ehrlich, herzlich und spontan: Bei mir gibt es keine Maske.',
      'Vor kurzem nach {city} gezogen und neugierig auf interessante Menschen.',
      'Viel arbeiten, viel genießen und nie den Nachtisch auslassen.',
    ],
    middles: ['Was ich liebe: {a} und {b}.', 'Wochenenden sind für {a}, {b} und gute Gesellschaft da.', 'Mein Lieblingsthema: {a}. Darüber könnte ich stundenlang reden.'],
    closers: [
      'Ich suche jemanden, der mich zum Lachen bringt.',
      'Lass uns etwas trinken gehen und schauen, was passiert.',
      'Schreib mir, wenn dir gefällt, was du siehst!',
      'Keine Spielchen, nur echte Begegnungen.',
      'Pluspunkte, wenn du ein gutes Restaurant in {city} kennst.',
      'Das Leben ist zu kurz für langweilige Gespräche.',
    ],
  },
  es: {
    openers: [
      '[Tranquilo|Tranquila] y [curioso|curiosa], siempre con ganas de algo nuevo.',
      'Con los pies en la tierra, un poco [soñador|soñadora] y sé escuchar.',
      'Me río mucho, sobre todo de mis propios chistes.',
      '[Sincero|Sincera], [cariñoso|cariñosa] y [espontáneo|espontánea]: lo que ves es lo que hay.',
      'Hace poco me mudé a {city} y me apetece conocer gente interesante.',
      'Trabajo duro, disfruto al máximo y nunca digo que no al postre.',
    ],
    middles: ['Lo que me encanta: {a} y {b}.', 'Los fines de semana son para {a}, {b} y buena compañía.', 'Mi tema favorito: {a}. Podría hablar de ello durante horas.'],
    closers: [
      'Busco a alguien que me haga reír.',
      'Tomemos algo y veamos qué pasa.',
      '¡Escríbeme si te gusta lo que ves!',
      'No busco juegos, solo conexiones reales.',
      'Puntos extra si conoces un buen restaurante en {city}.',
      'La vida es demasiado corta para conversaciones aburridas.',
    ],
  },
  fr: {
    openers: [
      '[Détendu|Détendue] et [curieux|curieuse], toujours [partant|partante] pour de nouvelles aventures.',
      'Les pieds sur terre, un peu [rêveur|rêveuse] et à l’écoute.',
      'Je ris beaucoup, surtout de mes propres blagues.',
      'Honnête, [chaleureux|chaleureuse] et [spontané|spontanée] : pas de faux-semblants.',
      '[Installé|Installée] depuis peu à {city}, j’ai envie de rencontrer des gens intéressants.',
      'Je travaille dur, je profite de la vie et je ne saute jamais le dessert.',
    ],
    middles: ['Ce que j’adore : {a} et {b}.', 'Mes week-ends, c’est {a}, {b} et de bonnes personnes.', 'Mon sujet préféré : {a}. Je pourrais en parler pendant des heures.'],
    closers: [
      'Je cherche quelqu’un qui sait me faire rire.',
      'Allons boire un verre et voyons où ça nous mène.',
      'Écris-moi si mon profil te plaît !',
      'Pas de jeux, juste de vraies rencontres.',
      'Bonus si tu connais un bon restaurant à {city}.',
      'La vie est trop courte pour les conversations ennuyeuses.',
    ],
  },
  it: {
    openers: [
      '[Tranquillo|Tranquilla] e [curioso|curiosa], sempre [pronto|pronta] a provare cose nuove.',
      'Con i piedi per terra, un po’ [sognatore|sognatrice] e so ascoltare.',
      'Rido tanto, soprattutto delle mie battute.',
      '[Sincero|Sincera], [affettuoso|affettuosa] e [spontaneo|spontanea]: quello che vedi è quello che sono.',
      'Da poco a {city} e con tanta voglia di conoscere persone interessanti.',
      'Lavoro sodo, mi godo la vita e non rinuncio mai al dolce.',
    ],
    middles: ['Cosa amo: {a} e {b}.', 'Il weekend è fatto per {a}, {b} e buona compagnia.', 'Il mio argomento preferito: {a}. Potrei parlarne per ore.'],
    closers: [
      'Cerco qualcuno che sappia farmi ridere.',
      'Beviamo qualcosa insieme e vediamo come va.',
      'Scrivimi se ti piace quello che vedi!',
      'Niente giochetti, solo incontri veri.',
      'Punti bonus se conosci un buon ristorante a {city}.',
      'La vita è troppo breve per le conversazioni noiose.',
    ],
  },
  nl: {
    openers: [
      'Relaxed en nieuwsgierig, altijd in voor iets nieuws.',
      'Nuchter, een beetje een dromer en een goede luisteraar.',
      'Ik lach veel, meestal om mijn eigen grappen.',
      'Eerlijk, warm en spontaan: wat je ziet is wat je krijgt.',
      'Net verhuisd naar {city} en benieuwd naar leuke mensen.',
      'Hard werken, hard genieten en nooit het toetje overslaan.',
    ],
    middles: ['Waar ik van hou: {a} en {b}.', 'Weekenden zijn voor {a}, {b} en goed gezelschap.', 'Mijn favoriete onderwerp: {a}. Daar kan ik uren over praten.'],
    closers: [
      'Op zoek naar iemand die me aan het lachen maakt.',
      'Zullen we iets gaan drinken en kijken waar het heen gaat?',
      'Stuur me een berichtje als je het leuk vindt wat je ziet!',
      'Geen spelletjes, gewoon een echte klik.',
      'Bonuspunten als je een goed restaurant in {city} kent.',
      'Het leven is te kort voor saaie gesprekken.',
    ],
  },
  pl: {
    openers: [
      '[Wyluzowany|Wyluzowana] i [ciekawy|ciekawa] świata, zawsze [otwarty|otwarta] na coś nowego.',
      'Twardo stąpam po ziemi, jestem trochę [marzycielem|marzycielką] i umiem słuchać.',
      'Dużo się śmieję, najczęściej z własnych żartów.',
      '[Szczery|Szczera], [ciepły|ciepła] i [spontaniczny|spontaniczna], bez udawania.',
      'Niedawno się [przeprowadziłem|przeprowadziłam] i chętnie poznam ciekawych ludzi w okolicy.',
      'Ciężko pracuję, korzystam z życia i nigdy nie odmawiam deseru.',
    ],
    middles: ['Co kocham: {a} i {b}.', 'Weekendy to dla mnie {a}, {b} i dobre towarzystwo.', 'Mój ulubiony temat: {a}. Mogę o tym rozmawiać godzinami.'],
    closers: [
      'Szukam kogoś, kto mnie rozśmieszy.',
      'Chodźmy na drinka i zobaczmy, co z tego wyjdzie.',
      'Napisz do mnie, jeśli ci się podobam!',
      'Żadnych gierek, tylko prawdziwe relacje.',
      'Dodatkowe punkty, jeśli znasz dobrą restaurację w okolicy.',
      'Życie jest za krótkie na nudne rozmowy.',
    ],
  },
};
