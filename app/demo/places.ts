/**
 * The 50 US states with a few freight towns each. `sr` is the Serbian spelling used in Cyrillic
 * articles — the site's own table (app/domain/cyrillic/us-places.ts) in Serbian Latin, so the
 * demo writes places the way the Cyrillic pages do; `areaCode` and `zip` make phone numbers and
 * billing addresses look local.
 */
import { cyrillicToLatin } from "~/domain/cyrillic/alphabet";
import { US_PLACES } from "~/domain/cyrillic/us-places";

export type City = { name: string; sr: string; areaCode: string; zip: string };
export type UsState = { name: string; code: string; sr: string; cities: City[] };

const SERBIAN = new Map(US_PLACES.map((place) => [place.name, cyrillicToLatin(place.cyrillic)]));

/** A place's Serbian spelling from the table (every demo place is in it: a unit test checks). */
function serbian(name: string): string {
  const found = SERBIAN.get(name);
  if (!found) throw new Error(`demo place missing from the table of US places: ${name}`);
  return found;
}

const city = (name: string, areaCode: string, zip: string): City => ({
  name,
  sr: serbian(name),
  areaCode,
  zip,
});

const STATE_LIST: Omit<UsState, "sr">[] = [
  {
    name: "Alabama",
    code: "AL",
    cities: [city("Birmingham", "205", "35203"), city("Montgomery", "334", "36104")],
  },
  { name: "Alaska", code: "AK", cities: [city("Anchorage", "907", "99501")] },
  {
    name: "Arizona",
    code: "AZ",
    cities: [city("Phoenix", "602", "85003"), city("Tucson", "520", "85701")],
  },
  { name: "Arkansas", code: "AR", cities: [city("Little Rock", "501", "72201")] },
  {
    name: "California",
    code: "CA",
    cities: [
      city("Los Angeles", "213", "90012"),
      city("Sacramento", "916", "95814"),
      city("Fontana", "909", "92335"),
    ],
  },
  { name: "Colorado", code: "CO", cities: [city("Denver", "303", "80202")] },
  {
    name: "Connecticut",
    code: "CT",
    cities: [city("Hartford", "860", "06103")],
  },
  { name: "Delaware", code: "DE", cities: [city("Wilmington", "302", "19801")] },
  {
    name: "Florida",
    code: "FL",
    cities: [
      city("Miami", "305", "33130"),
      city("Jacksonville", "904", "32202"),
      city("Orlando", "407", "32801"),
    ],
  },
  {
    name: "Georgia",
    code: "GA",
    cities: [city("Atlanta", "404", "30303"), city("Savannah", "912", "31401")],
  },
  { name: "Hawaii", code: "HI", cities: [city("Honolulu", "808", "96813")] },
  { name: "Idaho", code: "ID", cities: [city("Boise", "208", "83702")] },
  {
    name: "Illinois",
    code: "IL",
    cities: [
      city("Chicago", "312", "60607"),
      city("Joliet", "815", "60432"),
      city("Schaumburg", "847", "60173"),
    ],
  },
  {
    name: "Indiana",
    code: "IN",
    cities: [city("Indianapolis", "317", "46204"), city("Gary", "219", "46402")],
  },
  { name: "Iowa", code: "IA", cities: [city("Des Moines", "515", "50309")] },
  { name: "Kansas", code: "KS", cities: [city("Wichita", "316", "67202")] },
  { name: "Kentucky", code: "KY", cities: [city("Louisville", "502", "40202")] },
  {
    name: "Louisiana",
    code: "LA",
    cities: [city("New Orleans", "504", "70112"), city("Baton Rouge", "225", "70802")],
  },
  { name: "Maine", code: "ME", cities: [city("Portland", "207", "04101")] },
  { name: "Maryland", code: "MD", cities: [city("Baltimore", "410", "21202")] },
  { name: "Massachusetts", code: "MA", cities: [city("Boston", "617", "02110")] },
  {
    name: "Michigan",
    code: "MI",
    cities: [city("Detroit", "313", "48226"), city("Grand Rapids", "616", "49503")],
  },
  {
    name: "Minnesota",
    code: "MN",
    cities: [city("Minneapolis", "612", "55401")],
  },
  { name: "Mississippi", code: "MS", cities: [city("Jackson", "601", "39201")] },
  {
    name: "Missouri",
    code: "MO",
    cities: [city("St. Louis", "314", "63101"), city("Kansas City", "816", "64106")],
  },
  { name: "Montana", code: "MT", cities: [city("Billings", "406", "59101")] },
  { name: "Nebraska", code: "NE", cities: [city("Omaha", "402", "68102")] },
  {
    name: "Nevada",
    code: "NV",
    cities: [city("Las Vegas", "702", "89101"), city("Reno", "775", "89501")],
  },
  {
    name: "New Hampshire",
    code: "NH",
    cities: [city("Manchester", "603", "03101")],
  },
  {
    name: "New Jersey",
    code: "NJ",
    cities: [city("Newark", "973", "07102"), city("Elizabeth", "908", "07201")],
  },
  {
    name: "New Mexico",
    code: "NM",
    cities: [city("Albuquerque", "505", "87102")],
  },
  {
    name: "New York",
    code: "NY",
    cities: [city("New York", "212", "10001"), city("Buffalo", "716", "14202")],
  },
  {
    name: "North Carolina",
    code: "NC",
    cities: [city("Charlotte", "704", "28202")],
  },
  {
    name: "North Dakota",
    code: "ND",
    cities: [city("Fargo", "701", "58102")],
  },
  {
    name: "Ohio",
    code: "OH",
    cities: [city("Columbus", "614", "43215"), city("Cleveland", "216", "44113")],
  },
  {
    name: "Oklahoma",
    code: "OK",
    cities: [city("Oklahoma City", "405", "73102"), city("Tulsa", "918", "74103")],
  },
  { name: "Oregon", code: "OR", cities: [city("Portland", "503", "97204")] },
  {
    name: "Pennsylvania",
    code: "PA",
    cities: [city("Philadelphia", "215", "19107"), city("Pittsburgh", "412", "15222")],
  },
  {
    name: "Rhode Island",
    code: "RI",
    cities: [city("Providence", "401", "02903")],
  },
  {
    name: "South Carolina",
    code: "SC",
    cities: [city("Columbia", "803", "29201")],
  },
  {
    name: "South Dakota",
    code: "SD",
    cities: [city("Sioux Falls", "605", "57104")],
  },
  {
    name: "Tennessee",
    code: "TN",
    cities: [city("Nashville", "615", "37203"), city("Memphis", "901", "38103")],
  },
  {
    name: "Texas",
    code: "TX",
    cities: [
      city("Dallas", "214", "75201"),
      city("Houston", "713", "77002"),
      city("El Paso", "915", "79901"),
      city("Laredo", "956", "78040"),
    ],
  },
  {
    name: "Utah",
    code: "UT",
    cities: [city("Salt Lake City", "801", "84101")],
  },
  { name: "Vermont", code: "VT", cities: [city("Burlington", "802", "05401")] },
  { name: "Virginia", code: "VA", cities: [city("Richmond", "804", "23219")] },
  {
    name: "Washington",
    code: "WA",
    cities: [city("Seattle", "206", "98104"), city("Spokane", "509", "99201")],
  },
  {
    name: "West Virginia",
    code: "WV",
    cities: [city("Charleston", "304", "25301")],
  },
  { name: "Wisconsin", code: "WI", cities: [city("Milwaukee", "414", "53202")] },
  { name: "Wyoming", code: "WY", cities: [city("Cheyenne", "307", "82001")] },
];

export const US_STATES: UsState[] = STATE_LIST.map((state) => ({ ...state, sr: serbian(state.name) }));

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
