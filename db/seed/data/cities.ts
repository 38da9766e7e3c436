/**
 * Cities demo members live in, each with its region code (see regions.ts) so city and region
 * always agree. A language tag marks cities of a language area inside bilingual countries
 * (BE, CH, CA): a French-speaking Belgian lives in Wallonia or Brussels, not in Ghent.
 */
import type { Locale } from '@shared/constants.js';

export type City = readonly [name: string, regionCode: string, language?: Locale];

export const CITIES: Record<string, readonly City[]> = {
  NL: [
    ['Amsterdam', 'NH'], ['Rotterdam', 'ZH'], ['Den Haag', 'ZH'], ['Utrecht', 'UT'], ['Eindhoven', 'NB'],
    ['Groningen', 'GR'], ['Tilburg', 'NB'], ['Almere', 'FL'], ['Breda', 'NB'], ['Nijmegen', 'GE'],
    ['Arnhem', 'GE'], ['Haarlem', 'NH'], ['Enschede', 'OV'], ['Zwolle', 'OV'], ['Maastricht', 'LI'],
    ['Leeuwarden', 'FR'], ['Assen', 'DR'], ['Middelburg', 'ZE'], ['Leiden', 'ZH'], ['Amersfoort', 'UT'],
    ["'s-Hertogenbosch", 'NB'], ['Apeldoorn', 'GE'], ['Delft', 'ZH'], ['Venlo', 'LI'], ['Emmen', 'DR'],
    ['Lelystad', 'FL'], ['Vlissingen', 'ZE'], ['Heerenveen', 'FR'],
  ],
  DE: [
    ['Berlin', 'BE'], ['Hamburg', 'HH'], ['München', 'BY'], ['Köln', 'NW'], ['Frankfurt am Main', 'HE'],
    ['Stuttgart', 'BW'], ['Düsseldorf', 'NW'], ['Leipzig', 'SN'], ['Dortmund', 'NW'], ['Essen', 'NW'],
    ['Bremen', 'HB'], ['Dresden', 'SN'], ['Hannover', 'NI'], ['Nürnberg', 'BY'], ['Kiel', 'SH'],
    ['Rostock', 'MV'], ['Magdeburg', 'ST'], ['Erfurt', 'TH'], ['Mainz', 'RP'], ['Saarbrücken', 'SL'],
    ['Potsdam', 'BB'], ['Freiburg im Breisgau', 'BW'], ['Wiesbaden', 'HE'], ['Münster', 'NW'], ['Augsburg', 'BY'],
    ['Lübeck', 'SH'], ['Halle (Saale)', 'ST'], ['Jena', 'TH'], ['Schwerin', 'MV'], ['Trier', 'RP'],
    ['Cottbus', 'BB'], ['Braunschweig', 'NI'], ['Heidelberg', 'BW'],
  ],
  GB: [
    ['London', 'TLI'], ['Manchester', 'TLD'], ['Birmingham', 'TLG'], ['Leeds', 'TLE'], ['Liverpool', 'TLD'],
    ['Bristol', 'TLK'], ['Newcastle upon Tyne', 'TLC'], ['Sheffield', 'TLE'], ['Nottingham', 'TLF'],
    ['Leicester', 'TLF'], ['Brighton', 'TLJ'], ['Oxford', 'TLJ'], ['Cambridge', 'TLH'], ['Norwich', 'TLH'],
    ['Plymouth', 'TLK'], ['Edinburgh', 'TLM'], ['Glasgow', 'TLM'], ['Aberdeen', 'TLM'], ['Cardiff', 'TLL'],
    ['Swansea', 'TLL'], ['Belfast', 'TLN'], ['Derry', 'TLN'], ['Southampton', 'TLJ'], ['Coventry', 'TLG'],
    ['York', 'TLE'], ['Sunderland', 'TLC'], ['Exeter', 'TLK'],
  ],
  US: [
    ['New York', 'NY'], ['Los Angeles', 'CA'], ['Chicago', 'IL'], ['Houston', 'TX'], ['Phoenix', 'AZ'],
    ['Philadelphia', 'PA'], ['San Antonio', 'TX'], ['San Diego', 'CA'], ['Dallas', 'TX'], ['Austin', 'TX'],
    ['Seattle', 'WA'], ['Denver', 'CO'], ['Boston', 'MA'], ['Miami', 'FL'], ['Atlanta', 'GA'],
    ['Portland', 'OR'], ['Nashville', 'TN'], ['Las Vegas', 'NV'], ['Minneapolis', 'MN'], ['Washington', 'DC'],
    ['Detroit', 'MI'], ['Charlotte', 'NC'], ['Columbus', 'OH'], ['Salt Lake City', 'UT'], ['Kansas City', 'MO'],
    ['New Orleans', 'LA'], ['Baltimore', 'MD'], ['Milwaukee', 'WI'], ['Albuquerque', 'NM'], ['Honolulu', 'HI'],
    ['Anchorage', 'AK'], ['Omaha', 'NE'], ['Tampa', 'FL'], ['Raleigh', 'NC'], ['Indianapolis', 'IN'],
    ['Louisville', 'KY'], ['Oklahoma City', 'OK'], ['Richmond', 'VA'], ['Boise', 'ID'], ['Burlington', 'VT'],
  ],
  BE: [
    ['Antwerpen', 'VAN', 'nl'], ['Gent', 'VOV', 'nl'], ['Brugge', 'VWV', 'nl'], ['Leuven', 'VBR', 'nl'],
    ['Hasselt', 'VLI', 'nl'], ['Mechelen', 'VAN', 'nl'], ['Kortrijk', 'VWV', 'nl'], ['Aalst', 'VOV', 'nl'],
    ['Brussel', 'BRU', 'nl'], ['Bruxelles', 'BRU', 'fr'], ['Liège', 'WLG', 'fr'], ['Charleroi', 'WHT', 'fr'],
    ['Namur', 'WNA', 'fr'], ['Mons', 'WHT', 'fr'], ['Wavre', 'WBR', 'fr'], ['Arlon', 'WLX', 'fr'],
    ['Louvain-la-Neuve', 'WBR', 'fr'], ['Eupen', 'WLG', 'de'], ['Sankt Vith', 'WLG', 'de'],
  ],
  FR: [
    ['Paris', 'IDF'], ['Marseille', 'PAC'], ['Lyon', 'ARA'], ['Toulouse', 'OCC'], ['Nice', 'PAC'],
    ['Nantes', 'PDL'], ['Strasbourg', 'GES'], ['Montpellier', 'OCC'], ['Bordeaux', 'NAQ'], ['Lille', 'HDF'],
    ['Rennes', 'BRE'], ['Reims', 'GES'], ['Le Havre', 'NOR'], ['Rouen', 'NOR'], ['Dijon', 'BFC'],
    ['Besançon', 'BFC'], ['Grenoble', 'ARA'], ['Angers', 'PDL'], ['Tours', 'CVL'], ['Orléans', 'CVL'],
    ['Ajaccio', '20R'], ['Bastia', '20R'], ['Brest', 'BRE'], ['Limoges', 'NAQ'], ['Amiens', 'HDF'],
    ['Clermont-Ferrand', 'ARA'], ['Versailles', 'IDF'], ['Aix-en-Provence', 'PAC'],
  ],
  IT: [
    ['Roma', '62'], ['Milano', '25'], ['Napoli', '72'], ['Torino', '21'], ['Palermo', '82'], ['Genova', '42'],
    ['Bologna', '45'], ['Firenze', '52'], ['Bari', '75'], ['Catania', '82'], ['Venezia', '34'], ['Verona', '34'],
    ['Padova', '34'], ['Trieste', '36'], ['Udine', '36'], ['Trento', '32'], ['Bolzano', '32'], ['Perugia', '55'],
    ['Ancona', '57'], ['Pescara', '65'], ["L'Aquila", '65'], ['Campobasso', '67'], ['Potenza', '77'],
    ['Matera', '77'], ['Reggio Calabria', '78'], ['Cosenza', '78'], ['Cagliari', '88'], ['Sassari', '88'],
    ['Aosta', '23'], ['Lecce', '75'], ['Bergamo', '25'], ['Brescia', '25'], ['Parma', '45'], ['Pisa', '52'],
    ['Salerno', '72'],
  ],
  ES: [
    ['Madrid', 'MD'], ['Barcelona', 'CT'], ['Valencia', 'VC'], ['Sevilla', 'AN'], ['Zaragoza', 'AR'],
    ['Málaga', 'AN'], ['Murcia', 'MC'], ['Palma', 'IB'], ['Las Palmas de Gran Canaria', 'CN'], ['Bilbao', 'PV'],
    ['Alicante', 'VC'], ['Córdoba', 'AN'], ['Valladolid', 'CL'], ['Vigo', 'GA'], ['Gijón', 'AS'], ['Oviedo', 'AS'],
    ['A Coruña', 'GA'], ['Granada', 'AN'], ['Pamplona', 'NC'], ['Santander', 'CB'], ['Logroño', 'RI'],
    ['Badajoz', 'EX'], ['Cáceres', 'EX'], ['Toledo', 'CM'], ['Albacete', 'CM'], ['Salamanca', 'CL'],
    ['San Sebastián', 'PV'], ['Santa Cruz de Tenerife', 'CN'], ['Girona', 'CT'],
  ],
  AT: [
    ['Wien', '9'], ['Graz', '6'], ['Linz', '4'], ['Salzburg', '5'], ['Innsbruck', '7'], ['Klagenfurt', '2'],
    ['Villach', '2'], ['Wels', '4'], ['St. Pölten', '3'], ['Dornbirn', '8'], ['Bregenz', '8'], ['Eisenstadt', '1'],
    ['Steyr', '4'], ['Leoben', '6'], ['Krems an der Donau', '3'], ['Kufstein', '7'],
  ],
  IE: [
    ['Dublin', 'D'], ['Cork', 'CO'], ['Limerick', 'LK'], ['Galway', 'G'], ['Waterford', 'WD'], ['Drogheda', 'LH'],
    ['Dundalk', 'LH'], ['Kilkenny', 'KK'], ['Sligo', 'SO'], ['Athlone', 'WH'], ['Wexford', 'WX'], ['Tralee', 'KY'],
    ['Ennis', 'CE'], ['Letterkenny', 'DL'], ['Naas', 'KE'], ['Navan', 'MH'], ['Carlow', 'CW'], ['Castlebar', 'MO'],
    ['Tullamore', 'OY'], ['Portlaoise', 'LS'], ['Mullingar', 'WH'], ['Clonmel', 'TA'], ['Bray', 'WW'],
    ['Cavan', 'CN'], ['Monaghan', 'MN'], ['Longford', 'LD'], ['Roscommon', 'RN'], ['Carrick-on-Shannon', 'LM'],
  ],
  CA: [
    ['Toronto', 'ON', 'en'], ['Vancouver', 'BC', 'en'], ['Calgary', 'AB', 'en'], ['Edmonton', 'AB', 'en'],
    ['Ottawa', 'ON', 'en'], ['Winnipeg', 'MB', 'en'], ['Hamilton', 'ON', 'en'], ['Halifax', 'NS', 'en'],
    ['Victoria', 'BC', 'en'], ['Saskatoon', 'SK', 'en'], ['Regina', 'SK', 'en'], ["St. John's", 'NL', 'en'],
    ['Fredericton', 'NB', 'en'], ['Charlottetown', 'PE', 'en'], ['Whitehorse', 'YT', 'en'], ['Yellowknife', 'NT', 'en'],
    ['Iqaluit', 'NU', 'en'], ['Kelowna', 'BC', 'en'], ['London', 'ON', 'en'], ['Kitchener', 'ON', 'en'],
    ['Montréal', 'QC', 'fr'], ['Québec', 'QC', 'fr'], ['Gatineau', 'QC', 'fr'], ['Sherbrooke', 'QC', 'fr'],
    ['Trois-Rivières', 'QC', 'fr'], ['Moncton', 'NB', 'fr'],
  ],
  PL: [
    ['Warszawa', '14'], ['Kraków', '12'], ['Łódź', '10'], ['Wrocław', '02'], ['Poznań', '30'], ['Gdańsk', '22'],
    ['Szczecin', '32'], ['Bydgoszcz', '04'], ['Lublin', '06'], ['Białystok', '20'], ['Katowice', '24'],
    ['Gdynia', '22'], ['Częstochowa', '24'], ['Radom', '14'], ['Toruń', '04'], ['Rzeszów', '18'], ['Kielce', '26'],
    ['Olsztyn', '28'], ['Opole', '16'], ['Zielona Góra', '08'], ['Gorzów Wielkopolski', '08'], ['Koszalin', '32'],
    ['Zakopane', '12'], ['Sopot', '22'],
  ],
  AU: [
    ['Sydney', 'NSW'], ['Melbourne', 'VIC'], ['Brisbane', 'QLD'], ['Perth', 'WA'], ['Adelaide', 'SA'],
    ['Gold Coast', 'QLD'], ['Canberra', 'ACT'], ['Hobart', 'TAS'], ['Darwin', 'NT'], ['Newcastle', 'NSW'],
    ['Wollongong', 'NSW'], ['Geelong', 'VIC'], ['Townsville', 'QLD'], ['Cairns', 'QLD'], ['Launceston', 'TAS'],
    ['Alice Springs', 'NT'], ['Ballarat', 'VIC'], ['Fremantle', 'WA'], ['Sunshine Coast', 'QLD'],
  ],
  NZ: [
    ['Auckland', 'AUK'], ['Wellington', 'WGN'], ['Christchurch', 'CAN'], ['Hamilton', 'WKO'], ['Tauranga', 'BOP'],
    ['Dunedin', 'OTA'], ['Palmerston North', 'MWT'], ['Napier', 'HKB'], ['Nelson', 'NSN'], ['Rotorua', 'BOP'],
    ['New Plymouth', 'TKI'], ['Whangārei', 'NTL'], ['Invercargill', 'STL'], ['Gisborne', 'GIS'], ['Blenheim', 'MBH'],
    ['Queenstown', 'OTA'], ['Greymouth', 'WTC'], ['Richmond', 'TAS'], ['Whanganui', 'MWT'], ['Hastings', 'HKB'],
  ],
  CH: [
    ['Zürich', 'ZH', 'de'], ['Basel', 'BS', 'de'], ['Bern', 'BE', 'de'], ['Winterthur', 'ZH', 'de'],
    ['Luzern', 'LU', 'de'], ['St. Gallen', 'SG', 'de'], ['Biel/Bienne', 'BE', 'de'], ['Thun', 'BE', 'de'],
    ['Chur', 'GR', 'de'], ['Schaffhausen', 'SH', 'de'], ['Zug', 'ZG', 'de'], ['Aarau', 'AG', 'de'],
    ['Solothurn', 'SO', 'de'], ['Frauenfeld', 'TG', 'de'], ['Liestal', 'BL', 'de'], ['Glarus', 'GL', 'de'],
    ['Genève', 'GE', 'fr'], ['Lausanne', 'VD', 'fr'], ['Fribourg', 'FR', 'fr'], ['Neuchâtel', 'NE', 'fr'],
    ['Sion', 'VS', 'fr'], ['Delémont', 'JU', 'fr'], ['Montreux', 'VD', 'fr'],
    ['Lugano', 'TI', 'it'], ['Locarno', 'TI', 'it'], ['Bellinzona', 'TI', 'it'],
  ],
};
