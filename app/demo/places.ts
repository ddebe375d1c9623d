/**
 * The 50 US states with a few freight towns each. `sr` is the Serbian spelling used in Cyrillic
 * articles; `areaCode` and `zip` make phone numbers and billing addresses look local.
 */

export type City = { name: string; sr: string; areaCode: string; zip: string };
export type UsState = { name: string; code: string; sr: string; cities: City[] };

const city = (name: string, sr: string, areaCode: string, zip: string): City => ({ name, sr, areaCode, zip });

export const US_STATES: UsState[] = [
  {
    name: "Alabama",
    code: "AL",
    sr: "Alabama",
    cities: [
      city("Birmingham", "Birmingem", "205", "35203"),
      city("Montgomery", "Montgomeri", "334", "36104"),
    ],
  },
  { name: "Alaska", code: "AK", sr: "Aljaska", cities: [city("Anchorage", "Enkoridž", "907", "99501")] },
  {
    name: "Arizona",
    code: "AZ",
    sr: "Arizona",
    cities: [city("Phoenix", "Feniks", "602", "85003"), city("Tucson", "Tuson", "520", "85701")],
  },
  { name: "Arkansas", code: "AR", sr: "Arkanzas", cities: [city("Little Rock", "Litl Rok", "501", "72201")] },
  {
    name: "California",
    code: "CA",
    sr: "Kalifornija",
    cities: [
      city("Los Angeles", "Los Anđeles", "213", "90012"),
      city("Sacramento", "Sakramento", "916", "95814"),
      city("Fontana", "Fontana", "909", "92335"),
    ],
  },
  { name: "Colorado", code: "CO", sr: "Kolorado", cities: [city("Denver", "Denver", "303", "80202")] },
  {
    name: "Connecticut",
    code: "CT",
    sr: "Konektikat",
    cities: [city("Hartford", "Hartford", "860", "06103")],
  },
  { name: "Delaware", code: "DE", sr: "Delaver", cities: [city("Wilmington", "Vilmington", "302", "19801")] },
  {
    name: "Florida",
    code: "FL",
    sr: "Florida",
    cities: [
      city("Miami", "Majami", "305", "33130"),
      city("Jacksonville", "Džeksonvil", "904", "32202"),
      city("Orlando", "Orlando", "407", "32801"),
    ],
  },
  {
    name: "Georgia",
    code: "GA",
    sr: "Džordžija",
    cities: [city("Atlanta", "Atlanta", "404", "30303"), city("Savannah", "Savana", "912", "31401")],
  },
  { name: "Hawaii", code: "HI", sr: "Havaji", cities: [city("Honolulu", "Honolulu", "808", "96813")] },
  { name: "Idaho", code: "ID", sr: "Ajdaho", cities: [city("Boise", "Bojsi", "208", "83702")] },
  {
    name: "Illinois",
    code: "IL",
    sr: "Ilinois",
    cities: [
      city("Chicago", "Čikago", "312", "60607"),
      city("Joliet", "Džolijet", "815", "60432"),
      city("Schaumburg", "Šaumburg", "847", "60173"),
    ],
  },
  {
    name: "Indiana",
    code: "IN",
    sr: "Indijana",
    cities: [city("Indianapolis", "Indijanapolis", "317", "46204"), city("Gary", "Geri", "219", "46402")],
  },
  { name: "Iowa", code: "IA", sr: "Ajova", cities: [city("Des Moines", "De Mojn", "515", "50309")] },
  { name: "Kansas", code: "KS", sr: "Kanzas", cities: [city("Wichita", "Vičita", "316", "67202")] },
  { name: "Kentucky", code: "KY", sr: "Kentaki", cities: [city("Louisville", "Luivil", "502", "40202")] },
  {
    name: "Louisiana",
    code: "LA",
    sr: "Luizijana",
    cities: [
      city("New Orleans", "Nju Orleans", "504", "70112"),
      city("Baton Rouge", "Baton Ruž", "225", "70802"),
    ],
  },
  { name: "Maine", code: "ME", sr: "Mejn", cities: [city("Portland", "Portland", "207", "04101")] },
  { name: "Maryland", code: "MD", sr: "Merilend", cities: [city("Baltimore", "Baltimor", "410", "21202")] },
  { name: "Massachusetts", code: "MA", sr: "Masačusets", cities: [city("Boston", "Boston", "617", "02110")] },
  {
    name: "Michigan",
    code: "MI",
    sr: "Mičigen",
    cities: [
      city("Detroit", "Detroit", "313", "48226"),
      city("Grand Rapids", "Grand Rapids", "616", "49503"),
    ],
  },
  {
    name: "Minnesota",
    code: "MN",
    sr: "Minesota",
    cities: [city("Minneapolis", "Mineapolis", "612", "55401")],
  },
  { name: "Mississippi", code: "MS", sr: "Misisipi", cities: [city("Jackson", "Džekson", "601", "39201")] },
  {
    name: "Missouri",
    code: "MO",
    sr: "Misuri",
    cities: [
      city("St. Louis", "Sent Luis", "314", "63101"),
      city("Kansas City", "Kanzas Siti", "816", "64106"),
    ],
  },
  { name: "Montana", code: "MT", sr: "Montana", cities: [city("Billings", "Bilings", "406", "59101")] },
  { name: "Nebraska", code: "NE", sr: "Nebraska", cities: [city("Omaha", "Omaha", "402", "68102")] },
  {
    name: "Nevada",
    code: "NV",
    sr: "Nevada",
    cities: [city("Las Vegas", "Las Vegas", "702", "89101"), city("Reno", "Reno", "775", "89501")],
  },
  {
    name: "New Hampshire",
    code: "NH",
    sr: "Nju Hempšir",
    cities: [city("Manchester", "Mančester", "603", "03101")],
  },
  {
    name: "New Jersey",
    code: "NJ",
    sr: "Nju Džersi",
    cities: [city("Newark", "Njuark", "973", "07102"), city("Elizabeth", "Elizabet", "908", "07201")],
  },
  {
    name: "New Mexico",
    code: "NM",
    sr: "Novi Meksiko",
    cities: [city("Albuquerque", "Albukerki", "505", "87102")],
  },
  {
    name: "New York",
    code: "NY",
    sr: "Njujork",
    cities: [city("New York", "Njujork", "212", "10001"), city("Buffalo", "Bafalo", "716", "14202")],
  },
  {
    name: "North Carolina",
    code: "NC",
    sr: "Severna Karolina",
    cities: [city("Charlotte", "Šarlot", "704", "28202")],
  },
  {
    name: "North Dakota",
    code: "ND",
    sr: "Severna Dakota",
    cities: [city("Fargo", "Fargo", "701", "58102")],
  },
  {
    name: "Ohio",
    code: "OH",
    sr: "Ohajo",
    cities: [city("Columbus", "Kolambus", "614", "43215"), city("Cleveland", "Klivlend", "216", "44113")],
  },
  {
    name: "Oklahoma",
    code: "OK",
    sr: "Oklahoma",
    cities: [city("Oklahoma City", "Oklahoma Siti", "405", "73102"), city("Tulsa", "Talsa", "918", "74103")],
  },
  { name: "Oregon", code: "OR", sr: "Oregon", cities: [city("Portland", "Portland", "503", "97204")] },
  {
    name: "Pennsylvania",
    code: "PA",
    sr: "Pensilvanija",
    cities: [
      city("Philadelphia", "Filadelfija", "215", "19107"),
      city("Pittsburgh", "Pitsburg", "412", "15222"),
    ],
  },
  {
    name: "Rhode Island",
    code: "RI",
    sr: "Roud Ajlend",
    cities: [city("Providence", "Providens", "401", "02903")],
  },
  {
    name: "South Carolina",
    code: "SC",
    sr: "Južna Karolina",
    cities: [city("Columbia", "Kolumbija", "803", "29201")],
  },
  {
    name: "South Dakota",
    code: "SD",
    sr: "Južna Dakota",
    cities: [city("Sioux Falls", "Su Fols", "605", "57104")],
  },
  {
    name: "Tennessee",
    code: "TN",
    sr: "Tenesi",
    cities: [city("Nashville", "Nešvil", "615", "37203"), city("Memphis", "Memfis", "901", "38103")],
  },
  {
    name: "Texas",
    code: "TX",
    sr: "Teksas",
    cities: [
      city("Dallas", "Dalas", "214", "75201"),
      city("Houston", "Hjuston", "713", "77002"),
      city("El Paso", "El Paso", "915", "79901"),
      city("Laredo", "Laredo", "956", "78040"),
    ],
  },
  {
    name: "Utah",
    code: "UT",
    sr: "Juta",
    cities: [city("Salt Lake City", "Solt Lejk Siti", "801", "84101")],
  },
  { name: "Vermont", code: "VT", sr: "Vermont", cities: [city("Burlington", "Berlington", "802", "05401")] },
  { name: "Virginia", code: "VA", sr: "Virdžinija", cities: [city("Richmond", "Ričmond", "804", "23219")] },
  {
    name: "Washington",
    code: "WA",
    sr: "Vašington",
    cities: [city("Seattle", "Sijetl", "206", "98104"), city("Spokane", "Spokejn", "509", "99201")],
  },
  {
    name: "West Virginia",
    code: "WV",
    sr: "Zapadna Virdžinija",
    cities: [city("Charleston", "Čarlston", "304", "25301")],
  },
  { name: "Wisconsin", code: "WI", sr: "Viskonsin", cities: [city("Milwaukee", "Milvoki", "414", "53202")] },
  { name: "Wyoming", code: "WY", sr: "Vajoming", cities: [city("Cheyenne", "Šajen", "307", "82001")] },
];

/** States where most Balkan drivers and their companies are; picked more often. */
export const FREIGHT_HUB_STATES = [
  "Illinois",
  "Texas",
  "California",
  "Florida",
  "Ohio",
  "Pennsylvania",
  "Georgia",
  "Indiana",
  "Missouri",
  "Arizona",
];

export const INTERSTATES = [
  "I-80",
  "I-90",
  "I-94",
  "I-70",
  "I-40",
  "I-10",
  "I-35",
  "I-75",
  "I-65",
  "I-95",
  "I-55",
  "I-15",
  "I-5",
  "I-20",
];

/** Home towns of drivers in community stories. */
export const BALKAN_TOWNS = [
  "Banja Luka",
  "Bijeljina",
  "Prijedor",
  "Tuzla",
  "Zenica",
  "Mostar",
  "Niš",
  "Kragujevac",
  "Novi Sad",
  "Čačak",
  "Kraljevo",
  "Šabac",
  "Valjevo",
  "Podgorica",
  "Nikšić",
  "Bihać",
  "Doboj",
  "Brčko",
  "Osijek",
  "Vukovar",
];
