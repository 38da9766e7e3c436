/**
 * First-level regions of every country in LANGUAGES_BY_COUNTRY, with the kind the UI names them
 * by. Codes are the ISO 3166-2 suffixes (NL-NH -> 'NH'), except GB, which uses the twelve ITL1
 * regions (TLC..TLN): the four ISO nations would put 84% of members in "England".
 * Names are the local (native-language) names a member of that country would expect.
 */
export type RegionKind = 'province' | 'state' | 'canton' | 'region' | 'voivodeship' | 'county';

export interface CountryRegions {
  kind: RegionKind;
  regions: ReadonlyArray<readonly [code: string, name: string]>;
}

export const REGIONS: Record<string, CountryRegions> = {
  US: {
    kind: 'state',
    regions: [
      ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
      ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'],
      ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'],
      ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'],
      ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
      ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'],
      ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'],
      ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'],
      ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
      ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'],
      ['WY', 'Wyoming'],
    ],
  },
  NL: {
    kind: 'province',
    regions: [
      ['DR', 'Drenthe'], ['FL', 'Flevoland'], ['FR', 'Fryslân'], ['GE', 'Gelderland'], ['GR', 'Groningen'],
      ['LI', 'Limburg'], ['NB', 'Noord-Brabant'], ['NH', 'Noord-Holland'], ['OV', 'Overijssel'], ['UT', 'Utrecht'],
      ['ZE', 'Zeeland'], ['ZH', 'Zuid-Holland'],
    ],
  },
  BE: {
    kind: 'province',
    regions: [
      ['VAN', 'Antwerpen'], ['VBR', 'Vlaams-Brabant'], ['VLI', 'Limburg'], ['VOV', 'Oost-Vlaanderen'],
      ['VWV', 'West-Vlaanderen'], ['WBR', 'Brabant wallon'], ['WHT', 'Hainaut'], ['WLG', 'Liège'],
      ['WLX', 'Luxembourg'], ['WNA', 'Namur'], ['BRU', 'Brussel / Bruxelles'],
    ],
  },
  FR: {
    kind: 'region',
    regions: [
      ['ARA', 'Auvergne-Rhône-Alpes'], ['BFC', 'Bourgogne-Franche-Comté'], ['BRE', 'Bretagne'],
      ['CVL', 'Centre-Val de Loire'], ['20R', 'Corse'], ['GES', 'Grand Est'], ['HDF', 'Hauts-de-France'],
      ['IDF', 'Île-de-France'], ['NOR', 'Normandie'], ['NAQ', 'Nouvelle-Aquitaine'], ['OCC', 'Occitanie'],
      ['PDL', 'Pays de la Loire'], ['PAC', "Provence-Alpes-Côte d'Azur"],
    ],
  },
  IT: {
    kind: 'region',
    regions: [
      ['65', 'Abruzzo'], ['77', 'Basilicata'], ['78', 'Calabria'], ['72', 'Campania'], ['45', 'Emilia-Romagna'],
      ['36', 'Friuli-Venezia Giulia'], ['62', 'Lazio'], ['42', 'Liguria'], ['25', 'Lombardia'], ['57', 'Marche'],
      ['67', 'Molise'], ['21', 'Piemonte'], ['75', 'Puglia'], ['88', 'Sardegna'], ['82', 'Sicilia'],
      ['52', 'Toscana'], ['32', 'Trentino-Alto Adige'], ['55', 'Umbria'], ['23', "Valle d'Aosta"], ['34', 'Veneto'],
    ],
  },
  ES: {
    kind: 'region',
    regions: [
      ['AN', 'Andalucía'], ['AR', 'Aragón'], ['AS', 'Asturias'], ['CN', 'Canarias'], ['CB', 'Cantabria'],
      ['CL', 'Castilla y León'], ['CM', 'Castilla-La Mancha'], ['CT', 'Cataluña'], ['EX', 'Extremadura'],
      ['GA', 'Galicia'], ['IB', 'Illes Balears'], ['RI', 'La Rioja'], ['MD', 'Comunidad de Madrid'],
      ['MC', 'Región de Murcia'], ['NC', 'Navarra'], ['PV', 'País Vasco'], ['VC', 'Comunitat Valenciana'],
    ],
  },
  DE: {
    kind: 'state',
    regions: [
      ['BW', 'Baden-Württemberg'], ['BY', 'Bayern'], ['BE', 'Berlin'], ['BB', 'Brandenburg'], ['HB', 'Bremen'],
      ['HH', 'Hamburg'], ['HE', 'Hessen'], ['MV', 'Mecklenburg-Vorpommern'], ['NI', 'Niedersachsen'],
      ['NW', 'Nordrhein-Westfalen'], ['RP', 'Rheinland-Pfalz'], ['SL', 'Saarland'], ['SN', 'Sachsen'],
      ['ST', 'Sachsen-Anhalt'], ['SH', 'Schleswig-Holstein'], ['TH', 'Thüringen'],
    ],
  },
  AT: {
    kind: 'state',
    regions: [
      ['1', 'Burgenland'], ['2', 'Kärnten'], ['3', 'Niederösterreich'], ['4', 'Oberösterreich'], ['5', 'Salzburg'],
      ['6', 'Steiermark'], ['7', 'Tirol'], ['8', 'Vorarlberg'], ['9', 'Wien'],
    ],
  },
  IE: {
    kind: 'county',
    regions: [
      ['CW', 'Carlow'], ['CN', 'Cavan'], ['CE', 'Clare'], ['CO', 'Cork'], ['DL', 'Donegal'], ['D', 'Dublin'],
      ['G', 'Galway'], ['KY', 'Kerry'], ['KE', 'Kildare'], ['KK', 'Kilkenny'], ['LS', 'Laois'], ['LM', 'Leitrim'],
      ['LK', 'Limerick'], ['LD', 'Longford'], ['LH', 'Louth'], ['MO', 'Mayo'], ['MH', 'Meath'], ['MN', 'Monaghan'],
      ['OY', 'Offaly'], ['RN', 'Roscommon'], ['SO', 'Sligo'], ['TA', 'Tipperary'], ['WD', 'Waterford'],
      ['WH', 'Westmeath'], ['WX', 'Wexford'], ['WW', 'Wicklow'],
    ],
  },
  GB: {
    kind: 'region',
    regions: [
      ['TLC', 'North East'], ['TLD', 'North West'], ['TLE', 'Yorkshire and The Humber'], ['TLF', 'East Midlands'],
      ['TLG', 'West Midlands'], ['TLH', 'East of England'], ['TLI', 'London'], ['TLJ', 'South East'],
      ['TLK', 'South West'], ['TLL', 'Wales'], ['TLM', 'Scotland'], ['TLN', 'Northern Ireland'],
    ],
  },
  CA: {
    kind: 'province',
    regions: [
      ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
      ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'],
      ['QC', 'Québec'], ['SK', 'Saskatchewan'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'], ['YT', 'Yukon'],
    ],
  },
  PL: {
    kind: 'voivodeship',
    regions: [
      ['02', 'Dolnośląskie'], ['04', 'Kujawsko-pomorskie'], ['06', 'Lubelskie'], ['08', 'Lubuskie'],
      ['10', 'Łódzkie'], ['12', 'Małopolskie'], ['14', 'Mazowieckie'], ['16', 'Opolskie'], ['18', 'Podkarpackie'],
      ['20', 'Podlaskie'], ['22', 'Pomorskie'], ['24', 'Śląskie'], ['26', 'Świętokrzyskie'],
      ['28', 'Warmińsko-mazurskie'], ['30', 'Wielkopolskie'], ['32', 'Zachodniopomorskie'],
    ],
  },
  AU: {
    kind: 'state',
    regions: [
      ['NSW', 'New South Wales'], ['VIC', 'Victoria'], ['QLD', 'Queensland'], ['WA', 'Western Australia'],
      ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['ACT', 'Australian Capital Territory'], ['NT', 'Northern Territory'],
    ],
  },
  NZ: {
    kind: 'region',
    regions: [
      ['NTL', 'Northland'], ['AUK', 'Auckland'], ['WKO', 'Waikato'], ['BOP', 'Bay of Plenty'], ['GIS', 'Gisborne'],
      ['HKB', "Hawke's Bay"], ['TKI', 'Taranaki'], ['MWT', 'Manawatū-Whanganui'], ['WGN', 'Wellington'],
      ['TAS', 'Tasman'], ['NSN', 'Nelson'], ['MBH', 'Marlborough'], ['WTC', 'West Coast'], ['CAN', 'Canterbury'],
      ['OTA', 'Otago'], ['STL', 'Southland'],
    ],
  },
  CH: {
    kind: 'canton',
    regions: [
      ['AG', 'Aargau'], ['AR', 'Appenzell Ausserrhoden'], ['AI', 'Appenzell Innerrhoden'], ['BL', 'Basel-Landschaft'],
      ['BS', 'Basel-Stadt'], ['BE', 'Bern / Berne'], ['FR', 'Fribourg / Freiburg'], ['GE', 'Genève'], ['GL', 'Glarus'],
      ['GR', 'Graubünden'], ['JU', 'Jura'], ['LU', 'Luzern'], ['NE', 'Neuchâtel'], ['NW', 'Nidwalden'],
      ['OW', 'Obwalden'], ['SG', 'St. Gallen'], ['SH', 'Schaffhausen'], ['SZ', 'Schwyz'], ['SO', 'Solothurn'],
      ['TG', 'Thurgau'], ['TI', 'Ticino'], ['UR', 'Uri'], ['VS', 'Valais / Wallis'], ['VD', 'Vaud'], ['ZG', 'Zug'],
      ['ZH', 'Zürich'],
    ],
  },
};
