/**
 * US place names as Serbian Cyrillic writes them (docs/decisions/261): the 50 states, the District
 * of Columbia, every city of the demo data and the ~300 largest US cities (Census Bureau
 * population estimates, 2020–2023), with the state capitals and freight towns the site's
 * readers name.
 *
 * How the table was made. Written by hand for this project, from two sources:
 * - the rules for transcribing English names in the Pravopis srpskoga jezika (Matica srpska, the
 *   chapter on foreign names: a name is written as it is pronounced in its language — w → в,
 *   th → т, "-ville" → "-вил", "-ton" → "-тон", final "-y" → "-и", two words stay two words);
 * - established usage (устаљени облик) where Serbian newsrooms — RTS, Politika, Novosti — have
 *   long written a name otherwise than the rules would give it today: an older reading
 *   (Чикаго, not Шикаго; Канзас, not Кензас; Детроит; Питсбург), a translated part (Нови Мексико,
 *   Северна Каролина, Западна Вирџинија) or one word (Њујорк). Those rows are marked "у"; the rows
 *   marked "т" follow the rules (where the press writes a name at all, it writes it so).
 * Neither source was consulted online while the table was written (there was no access): the
 * forms are the author's application of the rules and recollection of the usage. An editor who
 * finds a name the newsrooms write differently corrects its row here; nothing else depends on the
 * spelling (the search folds both spellings itself, app/domain/search/places.ts).
 *
 * Columns: the name as English writes it (and our data stores it) | Serbian Cyrillic | the USPS
 * codes of its state(s) | basis: у (established usage) or т (transcription rules) | `?` when the
 * name is also an English word, a brand or a city elsewhere written otherwise (Mobile, Goodyear,
 * Athens, Toledo): such a name is transcribed only when its state follows it ("Mobile, Alabama",
 * "Toledo, OH"). Names that differ only in their abbreviation (St. Louis, Saint Louis) have a row
 * each.
 *
 * Brand and company names are not places even when they hold one (Kansas City Southern, Columbus
 * Freight LLC): components mark them (components/brand-name.tsx) and the page pass keeps them whole.
 */

export type PlaceBasis = "у" | "т";

export type UsPlace = {
  /** As English writes it: "Salt Lake City", "St. Louis". */
  name: string;
  /** As Serbian Cyrillic writes it: "Солт Лејк Сити", "Сент Луис". */
  cyrillic: string;
  /** USPS codes of the state(s): the state's own for a state, "DC" for the District. */
  states: readonly string[];
  kind: "state" | "city";
  basis: PlaceBasis;
  /** Transcribed only when its state follows it ("Mobile, Alabama"). */
  ambiguous: boolean;
};

const STATES = `
Alabama | Алабама | AL | т
Alaska | Аљаска | AK | у
Arizona | Аризона | AZ | т
Arkansas | Арканзас | AR | у
California | Калифорнија | CA | у
Colorado | Колорадо | CO | у
Connecticut | Конектикат | CT | т
Delaware | Делавер | DE | т
Florida | Флорида | FL | т
Georgia | Џорџија | GA | т
Hawaii | Хаваји | HI | у
Idaho | Ајдахо | ID | т
Illinois | Илиноис | IL | у
Indiana | Индијана | IN | т
Iowa | Ајова | IA | т
Kansas | Канзас | KS | у
Kentucky | Кентаки | KY | т
Louisiana | Луизијана | LA | т
Maine | Мејн | ME | т
Maryland | Мериленд | MD | т
Massachusetts | Масачусетс | MA | т
Michigan | Мичиген | MI | у
Minnesota | Минесота | MN | т
Mississippi | Мисисипи | MS | т
Missouri | Мисури | MO | у
Montana | Монтана | MT | т
Nebraska | Небраска | NE | т
Nevada | Невада | NV | у
New Hampshire | Њу Хемпшир | NH | т
New Jersey | Њу Џерзи | NJ | т
New Mexico | Нови Мексико | NM | у
New York | Њујорк | NY | у
North Carolina | Северна Каролина | NC | у
North Dakota | Северна Дакота | ND | у
Ohio | Охајо | OH | т
Oklahoma | Оклахома | OK | т
Oregon | Орегон | OR | т
Pennsylvania | Пенсилванија | PA | у
Rhode Island | Роуд Ајланд | RI | т
South Carolina | Јужна Каролина | SC | у
South Dakota | Јужна Дакота | SD | у
Tennessee | Тенеси | TN | т
Texas | Тексас | TX | т
Utah | Јута | UT | т
Vermont | Вермонт | VT | т
Virginia | Вирџинија | VA | т
Washington | Вашингтон | WA DC | у
West Virginia | Западна Вирџинија | WV | у
Wisconsin | Висконсин | WI | т
Wyoming | Вајоминг | WY | т
District of Columbia | Дистрикт Колумбија | DC | у
`;

const CITIES = `
New York City | Њујорк | NY | у
Los Angeles | Лос Анђелес | CA | у
Chicago | Чикаго | IL | у
Houston | Хјустон | TX | т
Phoenix | Финикс | AZ | т
Philadelphia | Филаделфија | PA | т
San Antonio | Сан Антонио | TX | т
San Diego | Сан Дијего | CA | т
Dallas | Далас | TX | т
Jacksonville | Џексонвил | FL | т
Austin | Остин | TX | т
Fort Worth | Форт Ворт | TX | т
San Jose | Сан Хозе | CA | т
Columbus | Колумбус | OH GA | у
Charlotte | Шарлот | NC | т
Indianapolis | Индијанаполис | IN | т
San Francisco | Сан Франциско | CA | у
Seattle | Сијетл | WA | т
Denver | Денвер | CO | т
Oklahoma City | Оклахома Сити | OK | т
Nashville | Нешвил | TN | т
El Paso | Ел Пасо | TX | т
Las Vegas | Лас Вегас | NV | т
Boston | Бостон | MA | т
Detroit | Детроит | MI | у
Portland | Портланд | OR ME | т
Louisville | Луисвил | KY | у
Memphis | Мемфис | TN | т
Baltimore | Балтимор | MD | т
Milwaukee | Милвоки | WI | т
Albuquerque | Албукерки | NM | т
Tucson | Тусон | AZ | т
Fresno | Фресно | CA | т
Sacramento | Сакраменто | CA | т
Mesa | Меса | AZ | т
Atlanta | Атланта | GA | т
Kansas City | Канзас Сити | MO KS | у
Colorado Springs | Колорадо Спрингс | CO | у
Omaha | Омаха | NE | т
Raleigh | Роли | NC | т
Miami | Мајами | FL | т
Virginia Beach | Вирџинија Бич | VA | т
Long Beach | Лонг Бич | CA | т
Oakland | Оукланд | CA | т
Minneapolis | Минеаполис | MN | у
Bakersfield | Бејкерсфилд | CA | т
Tulsa | Талса | OK | т
Tampa | Тампа | FL | т
Arlington | Арлингтон | TX VA | т
Aurora | Аурора | CO IL | у | ?
Wichita | Вичита | KS | т
Cleveland | Кливленд | OH | т
New Orleans | Њу Орлеанс | LA | у
Henderson | Хендерсон | NV | т
Honolulu | Хонолулу | HI | т
Anaheim | Анахајм | CA | т
Orlando | Орландо | FL | т
Lexington | Лексингтон | KY | т
Stockton | Стоктон | CA | т
Riverside | Риверсајд | CA | т
Irvine | Ирвајн | CA | т
Corpus Christi | Корпус Кристи | TX | т
Newark | Њуарк | NJ | т
Santa Ana | Санта Ана | CA | т
Cincinnati | Синсинати | OH | т
Pittsburgh | Питсбург | PA | у
St. Paul | Сент Пол | MN | т
Saint Paul | Сент Пол | MN | т
Greensboro | Гринсборо | NC | т
Jersey City | Џерзи Сити | NJ | т
Durham | Дарам | NC | т
Lincoln | Линколн | NE | т | ?
North Las Vegas | Северни Лас Вегас | NV | у
Plano | Плејно | TX | т
Anchorage | Енкориџ | AK | т
Gilbert | Гилберт | AZ | т
Madison | Медисон | WI | т
Reno | Рино | NV | т
Chandler | Чандлер | AZ | т
St. Louis | Сент Луис | MO | т
Saint Louis | Сент Луис | MO | т
Chula Vista | Чула Виста | CA | т
Buffalo | Бафало | NY | т
Fort Wayne | Форт Вејн | IN | т
Lubbock | Лабок | TX | т
St. Petersburg | Сент Питерсберг | FL | т | ?
Toledo | Толидо | OH | т | ?
Laredo | Ларедо | TX | т
Port St. Lucie | Порт Сент Луси | FL | т
Glendale | Глендејл | AZ CA | т
Irving | Ирвинг | TX | т
Winston-Salem | Винстон-Салем | NC | т
Chesapeake | Чесапик | VA | т
Garland | Гарланд | TX | т
Scottsdale | Скотсдејл | AZ | т
Boise | Бојси | ID | т
Hialeah | Хајалија | FL | т
Frisco | Фриско | TX | т
Richmond | Ричмонд | VA CA | т
Cape Coral | Кејп Корал | FL | т
Norfolk | Норфок | VA | т
Spokane | Спокен | WA | т
Huntsville | Хантсвил | AL | т
Santa Clarita | Санта Кларита | CA | т
Tacoma | Такома | WA | т
Fremont | Фримонт | CA | т
McKinney | Мекини | TX | т
San Bernardino | Сан Бернардино | CA | т
Baton Rouge | Батон Руж | LA | т
Modesto | Модесто | CA | т
Fontana | Фонтана | CA | т
Salt Lake City | Солт Лејк Сити | UT | т
Moreno Valley | Морено Вали | CA | т
Des Moines | Де Мојн | IA | т
Worcester | Вустер | MA | т
Yonkers | Јонкерс | NY | т
Fayetteville | Фејетвил | NC AR | т
Sioux Falls | Су Фолс | SD | т
Grand Prairie | Гранд Прери | TX | у
Rochester | Рочестер | NY MN | т
Tallahassee | Талахаси | FL | т
Little Rock | Литл Рок | AR | т
Amarillo | Амарило | TX | т
Overland Park | Оверленд Парк | KS | т
Augusta | Огаста | GA ME | т
Mobile | Мобил | AL | т | ?
Oxnard | Окснард | CA | т
Grand Rapids | Гранд Рапидс | MI | у
Peoria | Пеорија | AZ IL | т
Vancouver | Ванкувер | WA | у
Knoxville | Ноксвил | TN | т
Birmingham | Бирмингем | AL | у
Montgomery | Монтгомери | AL | т
Providence | Провиденс | RI | т
Huntington Beach | Хантингтон Бич | CA | т
Brownsville | Браунсвил | TX | т
Chattanooga | Чатануга | TN | т
Fort Lauderdale | Форт Лодердејл | FL | т
Tempe | Темпи | AZ | т
Akron | Акрон | OH | т
Clarksville | Кларксвил | TN | т
Ontario | Онтарио | CA | у
Newport News | Њупорт Њуз | VA | т
Elk Grove | Елк Гроув | CA | т
Cary | Кери | NC | т
Salem | Салем | OR MA | у
Pembroke Pines | Пемброук Пајнс | FL | т
Eugene | Јуџин | OR | т
Santa Rosa | Санта Роза | CA | т
Rancho Cucamonga | Ранчо Кукамонга | CA | т
Shreveport | Шривпорт | LA | т
Garden Grove | Гарден Гроув | CA | т
Oceanside | Оушнсајд | CA | т
Fort Collins | Форт Колинс | CO | т
Springfield | Спрингфилд | MO MA IL | т
Murfreesboro | Марфризборо | TN | т
Surprise | Сарпрајз | AZ | т | ?
Lancaster | Ланкастер | CA PA | т
Denton | Дентон | TX | т
Roseville | Роузвил | CA | т
Palmdale | Палмдејл | CA | т
Corona | Корона | CA | т
Salinas | Салинас | CA | т
Killeen | Килин | TX | т
Paterson | Патерсон | NJ | т
Alexandria | Александрија | VA | у
Hollywood | Холивуд | FL CA | т
Hayward | Хејворд | CA | т
Charleston | Чарлстон | SC WV | т
Macon | Мејкон | GA | т
Lakewood | Лејквуд | CO NJ | т
Sunnyvale | Санивејл | CA | т
Bellevue | Белвју | WA | т
Naperville | Нејпервил | IL | т
Joliet | Џолијет | IL | т
Bridgeport | Бриџпорт | CT | т
Mesquite | Мескит | TX | т
Pasadena | Пасадена | TX CA | т
Olathe | Оулејта | KS | т
Escondido | Ескондидо | CA | т
Savannah | Савана | GA | т
McAllen | Мекален | TX | т
Gainesville | Гејнсвил | FL | т
Pomona | Помона | CA | т
Rockford | Рокфорд | IL | т
Thornton | Торнтон | CO | т
Waco | Вејко | TX | т
Visalia | Висејлија | CA | т
Syracuse | Сиракјуз | NY | т
Columbia | Колумбија | SC MO | у
Midland | Мидланд | TX | т
Miramar | Мирамар | FL | т
Palm Bay | Палм Беј | FL | т
Jackson | Џексон | MS | т
Coral Springs | Корал Спрингс | FL | т
Victorville | Викторвил | CA | т
Elizabeth | Елизабет | NJ | т
Fullerton | Фулертон | CA | т
Meridian | Меридијан | ID | т
Torrance | Торанс | CA | т
Stamford | Стамфорд | CT | т
West Valley City | Вест Вали Сити | UT | т
Orange | Оринџ | CA | т | ?
Cedar Rapids | Сидар Рапидс | IA | т
Warren | Ворен | MI | т
Hampton | Хемптон | VA | т
New Haven | Њу Хејвен | CT | т
Lakeland | Лејкланд | FL | т
Dayton | Дејтон | OH | т
Round Rock | Раунд Рок | TX | т
Carrollton | Керолтон | TX | т
Clovis | Кловис | CA | т
Athens | Атенс | GA | т | ?
Sterling Heights | Стерлинг Хајтс | MI | т
Fargo | Фарго | ND | т
Lafayette | Лафајет | LA IN | т
Allentown | Алентаун | PA | т
Abilene | Абилин | TX | т
Beaumont | Боумонт | TX | т
Odessa | Одеса | TX | т
Evansville | Евансвил | IN | т
Independence | Индепенденс | MO | т | ?
Provo | Прово | UT | т
Ann Arbor | Ен Арбор | MI | т
Concord | Конкорд | CA NC NH | т
Lansing | Лансинг | MI | т
Santa Clara | Санта Клара | CA | т
Topeka | Топика | KS | т
Elgin | Елџин | IL | т
Thousand Oaks | Таузанд Оукс | CA | т
Vallejo | Валехо | CA | т
Simi Valley | Сими Вали | CA | т
Hartford | Хартфорд | CT | т
Norman | Норман | OK | т
Berkeley | Беркли | CA | т
Arvada | Арвада | CO | т
Wilmington | Вилмингтон | NC DE | т
Billings | Билингс | MT | т
Manchester | Манчестер | NH | т
Fairfield | Ферфилд | CA | т
Cambridge | Кембриџ | MA | т
Westminster | Вестминстер | CO | т
Gresham | Грешам | OR | т
Pueblo | Пуебло | CO | т
Pearland | Перланд | TX | т
Lewisville | Луисвил | TX | т
Downey | Дауни | CA | т
Costa Mesa | Коста Меса | CA | т
Murrieta | Муријета | CA | т
Ventura | Вентура | CA | т
Inglewood | Инглвуд | CA | т
Wichita Falls | Вичита Фолс | TX | т
Las Cruces | Лас Крусес | NM | т
League City | Лиг Сити | TX | т
Antioch | Антиок | CA | т
Richardson | Ричардсон | TX | т
High Point | Хај Поинт | NC | т
Miami Gardens | Мајами Гарденс | FL | т
Clearwater | Клирвотер | FL | т
West Jordan | Вест Џордан | UT | т
Temecula | Темекула | CA | т
Everett | Еверет | WA | т
Centennial | Сентенијал | CO | т
Boulder | Болдер | CO | т
Daly City | Дејли Сити | CA | т
Lowell | Лоуел | MA | т
Broken Arrow | Брокен Ароу | OK | т
Sparks | Спаркс | NV | т | ?
West Palm Beach | Вест Палм Бич | FL | т
College Station | Колеџ Стејшн | TX | т
Rialto | Ријалто | CA | т
El Monte | Ел Монте | CA | т
Davie | Дејви | FL | т
Burbank | Бербанк | CA | т
Edison | Едисон | NJ | т
Green Bay | Грин Беј | WI | т
South Fulton | Саут Фултон | GA | т
Woodbridge | Вудбриџ | NJ | т
Kent | Кент | WA | т
Allen | Ален | TX | т
Renton | Рентон | WA | т
Tyler | Тајлер | TX | т
San Mateo | Сан Матео | CA | т
Vacaville | Вакавил | CA | т
Jurupa Valley | Хурупа Вали | CA | т
Chico | Чико | CA | т
Spokane Valley | Спокен Вали | WA | т
Brockton | Броктон | MA | т
Davenport | Девенпорт | IA | т
Sandy Springs | Сенди Спрингс | GA | т
Hillsboro | Хилсборо | OR | т
Rio Rancho | Рио Ранчо | NM | т
San Angelo | Сан Анџело | TX | т
Vista | Виста | CA | т
Kenosha | Кеноша | WI | т
Yuma | Јума | AZ | т
Nampa | Нампа | ID | т
Quincy | Квинси | MA | т
Lynn | Лин | MA | т
Fishers | Фишерс | IN | т | ?
Carmel | Кармел | IN | т
Conroe | Конро | TX | т
New Braunfels | Њу Браунфелс | TX | т
Goodyear | Гудјир | AZ | т | ?
Buckeye | Бакај | AZ | т
Edinburg | Единбург | TX | т
Lee's Summit | Лиз Самит | MO | т
Federal Way | Федерал Веј | WA | т
Bend | Бенд | OR | т | ?
Beaverton | Бивертон | OR | т
Suffolk | Сафок | VA | т
Greeley | Грили | CO | т
Longmont | Лонгмонт | CO | т
Tuscaloosa | Таскалуса | AL | т
Schaumburg | Шомбург | IL | т
Gary | Гери | IN | т
Cheyenne | Шајен | WY | т
Burlington | Берлингтон | VT | т
Bismarck | Бизмарк | ND | т
Helena | Хелена | MT | т
Juneau | Џуно | AK | т
Montpelier | Монтпилијер | VT | т
Dover | Довер | DE | т
Annapolis | Анаполис | MD | т
Jefferson City | Џеферсон Сити | MO | т
Harrisburg | Харисбург | PA | т
Trenton | Трентон | NJ | т
Albany | Олбани | NY | т
Carson City | Карсон Сити | NV | т
Santa Fe | Санта Фе | NM | т
Olympia | Олимпија | WA | т
Frankfort | Франкфорт | KY | т
Pierre | Пир | SD | т | ?
Sioux City | Су Сити | IA | т
Fort Smith | Форт Смит | AR | т
Texarkana | Тексаркана | TX AR | т
Joplin | Џоплин | MO | т
`;

function parse(table: string, kind: UsPlace["kind"]): UsPlace[] {
  const places: UsPlace[] = [];
  const seen = new Set<string>();
  for (const line of table.split("\n")) {
    if (line.trim() === "") continue;
    const [name, cyrillic, states, basis, flag] = line.split("|").map((cell) => cell.trim());
    if (!name || !cyrillic || !states || (basis !== "у" && basis !== "т")) {
      throw new Error(`us-places: a malformed row: ${line}`);
    }
    if (seen.has(name)) continue;
    seen.add(name);
    places.push({ name, cyrillic, states: states.split(" "), kind, basis, ambiguous: flag === "?" });
  }
  return places;
}

/** The 50 states and the District of Columbia. */
export const US_STATE_PLACES: readonly UsPlace[] = parse(STATES, "state");
/** The cities. */
export const US_CITY_PLACES: readonly UsPlace[] = parse(CITIES, "city");
/** Every place of the table, states first. */
export const US_PLACES: readonly UsPlace[] = [...US_STATE_PLACES, ...US_CITY_PLACES];
