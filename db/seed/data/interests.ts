/** The interests members pick on their profile: slug, emoji icon and a label in every locale. */
import type { Locale } from '@shared/constants.js';

export interface InterestSeed {
  slug: string;
  icon: string;
  labels: Record<Locale, string>;
}

/** [slug, icon, en, de, es, fr, it, nl, pl] */
type Row = readonly [string, string, string, string, string, string, string, string, string];

const ROWS: readonly Row[] = [
  ['travel', '✈️', 'Travel', 'Reisen', 'Viajar', 'Voyages', 'Viaggi', 'Reizen', 'Podróże'],
  ['cooking', '🍳', 'Cooking', 'Kochen', 'Cocinar', 'Cuisine', 'Cucina', 'Koken', 'Gotowanie'],
  ['music', '🎵', 'Music', 'Musik', 'Música', 'Musique', 'Musica', 'Muziek', 'Muzyka'],
  ['movies', '🎬', 'Movies', 'Filme', 'Cine', 'Cinéma', 'Cinema', 'Films', 'Filmy'],
  ['series', '📺', 'TV series', 'Serien', 'Series', 'Séries', 'Serie TV', 'Series', 'Seriale'],
  ['reading', '📚', 'Reading', 'Lesen', 'Lectura', 'Lecture', 'Lettura', 'Lezen', 'Czytanie'],
  ['fitness', '💪', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness', 'Fitness'],
  ['yoga', '🧘', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Yoga', 'Joga'],
  ['running', '🏃', 'Running', 'Laufen', 'Correr', 'Course à pied', 'Corsa', 'Hardlopen', 'Bieganie'],
  ['hiking', '🥾', 'Hiking', 'Wandern', 'Senderismo', 'Randonnée', 'Escursionismo', 'Wandelen', 'Wędrówki'],
  ['cycling', '🚴', 'Cycling', 'Radfahren', 'Ciclismo', 'Vélo', 'Ciclismo', 'Fietsen', 'Jazda na rowerze'],
  ['swimming', '🏊', 'Swimming', 'Schwimmen', 'Natación', 'Natation', 'Nuoto', 'Zwemmen', 'Pływanie'],
  ['dancing', '💃', 'Dancing', 'Tanzen', 'Bailar', 'Danse', 'Ballo', 'Dansen', 'Taniec'],
  ['photography', '📷', 'Photography', 'Fotografie', 'Fotografía', 'Photographie', 'Fotografia', 'Fotografie', 'Fotografia'],
  ['art', '🎨', 'Art', 'Kunst', 'Arte', 'Art', 'Arte', 'Kunst', 'Sztuka'],
  ['wine', '🍷', 'Wine', 'Wein', 'Vino', 'Vin', 'Vino', 'Wijn', 'Wino'],
  ['coffee', '☕', 'Coffee', 'Kaffee', 'Café', 'Café', 'Caffè', 'Koffie', 'Kawa'],
  ['craft_beer', '🍺', 'Craft beer', 'Craft-Bier', 'Cerveza artesanal', 'Bière artisanale', 'Birra artigianale', 'Speciaalbier', 'Piwo rzemieślnicze'],
  ['gaming', '🎮', 'Gaming', 'Videospiele', 'Videojuegos', 'Jeux vidéo', 'Videogiochi', 'Gamen', 'Gry komputerowe'],
  ['board_games', '🎲', 'Board games', 'Brettspiele', 'Juegos de mesa', 'Jeux de société', 'Giochi da tavolo', 'Bordspellen', 'Gry planszowe'],
  ['football', '⚽', 'Football', 'Fußball', 'Fútbol', 'Football', 'Calcio', 'Voetbal', 'Piłka nożna'],
  ['tennis', '🎾', 'Tennis', 'Tennis', 'Tenis', 'Tennis', 'Tennis', 'Tennis', 'Tenis'],
  ['skiing', '⛷️', 'Skiing', 'Skifahren', 'Esquí', 'Ski', 'Sci', 'Skiën', 'Narciarstwo'],
  ['surfing', '🏄', 'Surfing', 'Surfen', 'Surf', 'Surf', 'Surf', 'Surfen', 'Surfing'],
  ['sailing', '⛵', 'Sailing', 'Segeln', 'Vela', 'Voile', 'Vela', 'Zeilen', 'Żeglarstwo'],
  ['martial_arts', '🥋', 'Martial arts', 'Kampfsport', 'Artes marciales', 'Arts martiaux', 'Arti marziali', 'Vechtsport', 'Sztuki walki'],
  ['gardening', '🌱', 'Gardening', 'Gärtnern', 'Jardinería', 'Jardinage', 'Giardinaggio', 'Tuinieren', 'Ogrodnictwo'],
  ['pets', '🐾', 'Pets', 'Haustiere', 'Mascotas', 'Animaux de compagnie', 'Animali domestici', 'Huisdieren', 'Zwierzęta domowe'],
  ['dogs', '🐕', 'Dogs', 'Hunde', 'Perros', 'Chiens', 'Cani', 'Honden', 'Psy'],
  ['cats', '🐈', 'Cats', 'Katzen', 'Gatos', 'Chats', 'Gatti', 'Katten', 'Koty'],
  ['nature', '🌲', 'Nature', 'Natur', 'Naturaleza', 'Nature', 'Natura', 'Natuur', 'Przyroda'],
  ['beach', '🏖️', 'Beach', 'Strand', 'Playa', 'Plage', 'Spiaggia', 'Strand', 'Plaża'],
  ['camping', '⛺', 'Camping', 'Camping', 'Acampada', 'Camping', 'Campeggio', 'Kamperen', 'Kemping'],
  ['concerts', '🎤', 'Concerts', 'Konzerte', 'Conciertos', 'Concerts', 'Concerti', 'Concerten', 'Koncerty'],
  ['festivals', '🎪', 'Festivals', 'Festivals', 'Festivales', 'Festivals', 'Festival', 'Festivals', 'Festiwale'],
  ['theatre', '🎭', 'Theatre', 'Theater', 'Teatro', 'Théâtre', 'Teatro', 'Theater', 'Teatr'],
  ['museums', '🏛️', 'Museums', 'Museen', 'Museos', 'Musées', 'Musei', 'Musea', 'Muzea'],
  ['fashion', '👗', 'Fashion', 'Mode', 'Moda', 'Mode', 'Moda', 'Mode', 'Moda'],
  ['shopping', '🛍️', 'Shopping', 'Shoppen', 'Ir de compras', 'Shopping', 'Shopping', 'Winkelen', 'Zakupy'],
  ['eating_out', '🍣', 'Eating out', 'Essen gehen', 'Salir a comer', 'Restaurants', 'Mangiare fuori', 'Uit eten', 'Jedzenie na mieście'],
  ['baking', '🧁', 'Baking', 'Backen', 'Repostería', 'Pâtisserie', 'Pasticceria', 'Bakken', 'Pieczenie'],
  ['vegetarian', '🥗', 'Vegetarian food', 'Vegetarisches Essen', 'Comida vegetariana', 'Cuisine végétarienne', 'Cucina vegetariana', 'Vegetarisch eten', 'Kuchnia wegetariańska'],
  ['meditation', '🕯️', 'Meditation', 'Meditation', 'Meditación', 'Méditation', 'Meditazione', 'Meditatie', 'Medytacja'],
  ['languages', '🗣️', 'Languages', 'Sprachen', 'Idiomas', 'Langues', 'Lingue', 'Talen', 'Języki obce'],
  ['technology', '💻', 'Technology', 'Technik', 'Tecnología', 'Technologie', 'Tecnologia', 'Technologie', 'Technologia'],
  ['science', '🔭', 'Science', 'Wissenschaft', 'Ciencia', 'Sciences', 'Scienza', 'Wetenschap', 'Nauka'],
  ['history', '📜', 'History', 'Geschichte', 'Historia', 'Histoire', 'Storia', 'Geschiedenis', 'Historia'],
  ['writing', '✍️', 'Writing', 'Schreiben', 'Escribir', 'Écriture', 'Scrittura', 'Schrijven', 'Pisanie'],
  ['diy', '🔨', 'DIY', 'Heimwerken', 'Bricolaje', 'Bricolage', 'Fai da te', 'Klussen', 'Majsterkowanie'],
  ['cars', '🚗', 'Cars', 'Autos', 'Coches', 'Voitures', 'Auto', "Auto's", 'Samochody'],
  ['motorcycles', '🏍️', 'Motorcycles', 'Motorräder', 'Motos', 'Moto', 'Moto', 'Motoren', 'Motocykle'],
  ['nightlife', '🌃', 'Nightlife', 'Nachtleben', 'Vida nocturna', 'Vie nocturne', 'Vita notturna', 'Uitgaan', 'Życie nocne'],
  ['volunteering', '🤝', 'Volunteering', 'Ehrenamt', 'Voluntariado', 'Bénévolat', 'Volontariato', 'Vrijwilligerswerk', 'Wolontariat'],
  ['astrology', '✨', 'Astrology', 'Astrologie', 'Astrología', 'Astrologie', 'Astrologia', 'Astrologie', 'Astrologia'],
];

export const INTERESTS: readonly InterestSeed[] = ROWS.map(([slug, icon, en, de, es, fr, it, nl, pl]) => ({
  slug,
  icon,
  labels: { en, de, es, fr, it, nl, pl },
}));
