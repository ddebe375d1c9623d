/**
 * Serbian writing for the demo articles, grouped by theme. Every text may use the placeholders of
 * `ArticleContext` (see articles.ts), e.g. {city}, {state}, {highway}, {cpm}. Headlines avoid
 * grammatical cases around place names ("u državi {state}", "{city}: …") so every name fits.
 */

/** A headline and its opening sentence (which is also the excerpt). */
export type Story = [title: string, lead: string];

export type Theme = {
  stories: Story[];
  headings: string[];
  subheadings: string[];
  sentences: string[];
  listItems: string[];
  tags: string[];
  imageAlts: string[];
};

const regulations: Theme = {
  stories: [
    [
      "FMCSA najavila izmene pravila o radnim satima vozača od {monthGen}",
      "Savezna agencija za bezbednost prevoznika (FMCSA) objavila je izmene pravila o radnim satima koje počinju da važe od {monthGen}.",
    ],
    [
      "ELD uređaji u {year}. godini: {tips} stvari koje vozači moraju da znaju",
      "Elektronski dnevnici vožnje obavezni su već godinama, ali se spisak odobrenih uređaja i pravila njihove upotrebe stalno menjaju.",
    ],
    [
      "{state}: pojačane kontrole na vagama od {monthGen}",
      "Saobraćajna policija u državi {state} od {monthGen} pojačava kontrole težine i dokumentacije na vagama duž autoputa {highway}.",
    ],
    [
      "CVSA akcija u državi {state}: pojačane kontrole kamiona tokom {monthGen}",
      "U okviru akcije Udruženja za bezbednost komercijalnih vozila (CVSA), inspektori u državi {state} tokom {monthGen} zaustavljaće znatno više kamiona nego obično.",
    ],
    [
      "Novi zakon u državi {state} menja pravila za parkiranje kamiona",
      "Zakonodavci u državi {state} usvojili su izmene koje određuju gde kamioni smeju da se parkiraju preko noći i kolike su kazne za prekršaj.",
    ],
    [
      "Testiranje na alkohol i droge: nove obaveze za poslodavce od {monthGen}",
      "Od {monthGen} poslodavci moraju da proveravaju vozače u saveznom registru testova na alkohol i droge pre zapošljavanja i jednom godišnje.",
    ],
    [
      "Porez HVUT za {year}. godinu: rokovi i najčešće greške u državi {state}",
      "Vlasnici kamiona težih od 55.000 funti moraju da plate godišnji savezni porez na korišćenje puteva (HVUT) i da sačuvaju potvrdu o uplati.",
    ],
    [
      "Kako se pripremiti za DOT inspekciju nivoa 1 u državi {state}",
      "Inspekcija nivoa 1 je najdetaljniji pregled kamiona i vozača, a u državi {state} traje u proseku četrdesetak minuta.",
    ],
    [
      "{state} uvodi ograničenje brzine od {speed} milja na sat za kamione",
      "Od {monthGen} kamioni u državi {state} na autoputevima ne smeju da voze brže od {speed} milja na sat.",
    ],
    [
      "IFTA izveštaj za {quarter}. kvartal {year}. godine: rokovi i najčešće greške",
      "Kvartalni IFTA izveštaj o pređenim miljama i potrošenom gorivu predaje se do kraja meseca posle isteka kvartala, a kašnjenje se skupo plaća.",
    ],
    [
      "Znanje engleskog i CDL: strože provere na putevima u državi {state}",
      "Inspektori u državi {state} sve češće proveravaju da li vozači razumeju saobraćajne znakove i mogu da odgovore na pitanja na engleskom jeziku.",
    ],
    [
      "Nova pravila za CDL dozvole stranih državljana: šta se menja u državi {state}",
      "Savezne vlasti pooštrile su uslove pod kojima strani državljani mogu da dobiju ili obnove CDL dozvolu, a prve posledice već se vide u državi {state}.",
    ],
    [
      "{city}: inspektori na autoputu {highway} za {days} dana isključili {spots} kamiona iz saobraćaja",
      "Tokom akcije kod grada {city} inspektori su pregledali stotine kamiona, a {spots} vozila je isključeno iz saobraćaja zbog ozbiljnih nedostataka.",
    ],
  ],
  headings: [
    "Šta se tačno menja",
    "Koga se nova pravila tiču",
    "Kazne i kontrole na putu",
    "Saveti za vozače i vlasnike kompanija",
    "Rokovi koje ne smete propustiti",
    "Šta kažu iskusni vozači",
  ],
  subheadings: ["Najvažnije u kratkim crtama", "Dokumenta koja treba imati u kabini", "Česta pitanja"],
  sentences: [
    "Prema pravilima, vozač i dalje sme da vozi najviše 11 sati u okviru smene od 14 sati.",
    "Inspektori će posebnu pažnju posvetiti ispravnosti ELD uređaja i evidenciji odmora.",
    "Kazne mogu dostići i {fine} dolara po prekršaju, a u težim slučajevima vozač se isključuje iz saobraćaja.",
    "Poslodavci su dužni da svoje vozače na vreme obaveste o izmenama i da im obezbede obuku.",
    "U državi {state} kontrole se najčešće sprovode na vagama duž autoputa {highway}.",
    "Vlasnici manjih kompanija kažu da će im prilagođavanje oduzeti dosta vremena i novca.",
    "Stručnjaci savetuju da vozači uvek imaju uz sebe važeću medicinsku potvrdu i registraciju vozila.",
    "Dispečeri moraju da planiraju ture tako da vozač ima dovoljno vremena za propisani odmor.",
    "Prekršaji ulaze u CSA bodovanje kompanije, što direktno utiče na cenu osiguranja.",
    "Agencija navodi da je cilj izmena manji broj nesreća izazvanih umorom.",
    "Udruženja prevoznika traže da se primena pravila odloži bar nekoliko meseci.",
    "Za vlasnike-operatere izmene znače i dodatnu papirologiju.",
    "Sve informacije dostupne su na zvaničnom sajtu agencije, ali samo na engleskom jeziku.",
    "Naša redakcija nastaviće da prati ovu temu i objavljivaće nove informacije.",
  ],
  listItems: [
    "Proverite da li je vaš ELD uređaj na listi odobrenih uređaja",
    "Čuvajte dnevnik vožnje najmanje šest meseci",
    "Obnovite medicinsku potvrdu pre isteka",
    "Redovno proveravajte CSA bodove svoje kompanije",
    "Imajte kopiju registracije i polise osiguranja u kabini",
    "Pre svake ture pregledajte vozilo i zapišite nalaz",
    "Ne pokušavajte da prikrijete sate vožnje jer su kazne visoke",
  ],
  tags: ["FMCSA", "propisi", "ELD", "DOT", "CDL", "radni sati", "inspekcija", "porez"],
  imageAlts: ["Kamion na vagi za kontrolu težine", "Inspektor pregleda dokumenta vozača"],
};

const costs: Theme = {
  stories: [
    [
      "Cena dizela u državi {state} porasla za {cents} centi po galonu",
      "Prosečna cena dizela u državi {state} ove nedelje iznosi {diesel} dolara po galonu, pokazuju podaci Uprave za energetske informacije (EIA).",
    ],
    [
      "{state}: cene dizela padaju već {weeks} nedelje zaredom",
      "Vozači u državi {state} ponovo toče jeftinije gorivo, a galon dizela u proseku košta {diesel} dolara.",
    ],
    [
      "Plate vozača kamiona u državi {state} porasle u proseku {pct} odsto",
      "Novo istraživanje pokazuje da su kompanije u državi {state} u poslednjih godinu dana podigle plate vozačima u proseku za {pct} odsto.",
    ],
    [
      "Osiguranje za kamione u {year}. poskupelo za {pct} odsto: kako uštedeti",
      "Vlasnici kamiona pri obnovi polise plaćaju u proseku {pct} odsto više nego prošle godine, a za nove prevoznike poskupljenje je još veće.",
    ],
    [
      "Spot tržište: cene prevoza po milji u {monthLoc} niže za {pct} odsto",
      "Na spot tržištu ponuda tereta u {monthLoc} je slabija, pa su cene po milji za zatvorene prikolice niže nego prošlog meseca.",
    ],
    [
      "Vlasnik-operater ili vozač u kompaniji: šta se više isplati u državi {state}",
      "Sve više naših vozača razmišlja o kupovini sopstvenog kamiona, ali računica nije uvek onakva kakvom izgleda na prvi pogled.",
    ],
    [
      "Koliko zaista zarađuje vozač kamiona u državi {state}",
      "Oglasi obećavaju visoke plate, pa smo vozače iz države {state} pitali koliko im zaista ostane posle svih troškova.",
    ],
    [
      "Putarine u državi {state} skuplje od {monthGen}",
      "Uprava puteva u državi {state} najavila je da će putarine za kamione od {monthGen} biti više za oko {pct} odsto.",
    ],
    [
      "Kako smanjiti potrošnju goriva za {pct} odsto: saveti iskusnih vozača",
      "Iskusni vozači kažu da se potrošnja može osetno smanjiti bez ulaganja, samo promenom navika za volanom.",
    ],
    [
      "Porez za vozače kamiona: koji troškovi se mogu odbiti u {year}. godini",
      "Pred rok za poreske prijave knjigovođe podsećaju vozače koje troškove sa puta mogu da odbiju i koje račune treba da čuvaju.",
    ],
    [
      "Faktoring za male prevoznike u državi {state}: prednosti i zamke",
      "Faktoring kompanije isplaćuju račune za ture odmah, ali male prevoznike iz države {state} to košta i po nekoliko procenata vrednosti ture.",
    ],
    [
      "{city}: cena dizela dostigla {diesel} dolara po galonu",
      "Na pumpama u gradu {city} galon dizela ove nedelje košta {diesel} dolara, što je najviše u poslednjih nekoliko meseci.",
    ],
  ],
  headings: [
    "Šta pokazuju brojke",
    "Kako to utiče na vozače",
    "Saveti za uštedu",
    "Šta kažu analitičari",
    "Prognoza za naredne mesece",
    "Računica za vlasnike kamiona",
  ],
  subheadings: ["Primer iz prakse", "Na šta obratiti pažnju", "Ukratko"],
  sentences: [
    "Na pumpama duž autoputa {highway} galon dizela trenutno košta između {diesel} i {dieselHigh} dolara.",
    "Vozači koji voze za kompanije obično toče gorivo karticom poslodavca, pa promene osete tek kroz broj milja.",
    "Za vlasnika jednog kamiona razlika od {cents} centi po galonu znači nekoliko stotina dolara mesečno.",
    "Prosečna plata vozača na dugim turama kreće se od {cpm} do {cpmHigh} centi po milji.",
    "Mnoge kompanije nude bonus od {bonus} dolara za nove vozače sa iskustvom.",
    "Osiguravajuće kuće kao razlog poskupljenja navode sve skuplje sudske sporove posle nesreća.",
    "Pravilan pritisak u gumama i umerena brzina mogu smanjiti potrošnju i za nekoliko procenata.",
    "Kamion koji sat vremena radi u leru potroši skoro galon goriva.",
    "Iskusni vozači savetuju da se gorivo toči u državama sa nižim porezom na gorivo.",
    "Knjigovođe podsećaju da se troškovi hrane i smeštaja na putu mogu delimično odbiti od poreza.",
    "Cene prevoza na spot tržištu zavise od sezone, a najniže su obično početkom godine.",
    "Brokeri sve češće traže niže cene, pa mnogi prevoznici biraju stalne ugovore.",
    "Manji prevoznici kažu da im faktoring pomaže da brže dođu do novca, ali da provizije nisu male.",
  ],
  listItems: [
    "Uporedite cene goriva u aplikaciji pre nego što stanete",
    "Koristite kartice za gorivo sa popustom",
    "Izbegavajte nepotreban rad motora u leru",
    "Planirajte ture tako da smanjite prazne milje",
    "Vodite urednu evidenciju svih troškova za poresku prijavu",
    "Proverite uslove osiguranja pre obnove polise",
  ],
  tags: [
    "dizel",
    "cene goriva",
    "plate",
    "osiguranje",
    "porez",
    "vlasnik-operater",
    "troškovi",
    "spot tržište",
  ],
  imageAlts: ["Kamion na benzinskoj pumpi", "Točenje dizela na stanici pored autoputa"],
};

const safety: Theme = {
  stories: [
    [
      "{city}: zatvorena deonica autoputa {highway} posle sudara dva kamiona",
      "Saobraćaj na autoputu {highway} kod grada {city} bio je satima otežan posle sudara dva kamiona, a vozačima se savetuje da koriste obilaznice.",
    ],
    [
      "Oluja pogađa državu {state}, vozači kamiona na oprezu",
      "Meteorolozi najavljuju jak vetar i obilne padavine u državi {state}, a vlasti upozoravaju vozače teških vozila da odlože nepotrebne ture.",
    ],
    [
      "Zima u državi {state}: {tips} saveta za bezbednu vožnju po snegu i ledu",
      "Prvi sneg u državi {state} svake godine iznenadi neke vozače, pa smo zamolili iskusne kolege da podele svoje savete.",
    ],
    [
      "Radovi na autoputu {highway} kroz državu {state} trajaće do kraja {monthGen}",
      "Zbog radova na autoputu {highway} kroz državu {state} saobraćaj se odvija jednom trakom, a zastoji su svakodnevni.",
    ],
    [
      "Umor za volanom: {tips} znakova da morate da stanete",
      "Umor je uzrok velikog broja nesreća sa kamionima, a vozači ga često primete tek kada je opasnost već tu.",
    ],
    [
      "Nedostatak parking mesta za kamione u državi {state}: vozači traže rešenje",
      "U državi {state} na jedno slobodno parking mesto za kamion dolazi više vozača, pa mnogi posle propisanih sati vožnje nemaju gde da stanu.",
    ],
    [
      "{city}: otvoreno novo odmorište za kamione sa {spots} parking mesta",
      "Novo odmorište kod grada {city} ima {spots} parking mesta za kamione, tuševe, restoran i ograđen, osvetljen parking.",
    ],
    [
      "Krađe tereta u državi {state} u porastu: kako zaštititi kamion i robu",
      "Policija u državi {state} beleži sve više krađa tereta, a lopovi najčešće ciljaju prikolice ostavljene bez nadzora.",
    ],
    [
      "Jak vetar na autoputu {highway} kroz državu {state}: upozorenje za prazne prikolice",
      "Zbog udara vetra na autoputu {highway} vlasti su zabranile saobraćaj praznim i lakim prikolicama na pojedinim deonicama.",
    ],
    [
      "Bezbedna vožnja kroz planinske prevoje: {tips} saveta za početnike",
      "Spust niz planinski prevoj sa punim kamionom je ispit za svakog vozača, a greške se skupo plaćaju.",
    ],
    [
      "Požari u državi {state}: zatvoreni putevi i obilaznice za kamione",
      "Zbog šumskih požara u državi {state} zatvoreno je nekoliko puteva, a za kamione su određene obilaznice.",
    ],
    [
      "Laredo u {monthLoc}: gužve na graničnom prelazu, čekanje i do {hours} sati",
      "Na graničnom prelazu kod Lareda kamioni ovih dana čekaju i do {hours} sati, a prevoznici upozoravaju na kašnjenje isporuka.",
    ],
  ],
  headings: [
    "Šta se dogodilo",
    "Preporuke za vozače",
    "Kako planirati turu",
    "Iskustva sa terena",
    "Šta kažu nadležni",
    "Obilaznice i alternativni pravci",
  ],
  subheadings: ["Pre polaska", "Tokom vožnje", "Ako se nađete u nevolji"],
  sentences: [
    "Policija je zatvorila dve trake, a saobraćaj je preusmeren na lokalne puteve.",
    "Prema prvim informacijama, niko od vozača nije teže povređen.",
    "Vozači koji idu prema gradu {city} treba da računaju na zastoje od najmanje dva sata.",
    "Na ledu je zaustavni put kamiona i do deset puta duži nego na suvom putu.",
    "Lanci za sneg su obavezni na pojedinim prevojima, a kazna za vožnju bez njih je visoka.",
    "Ako osetite umor, stanite na prvo bezbedno mesto i odmorite se bar pola sata.",
    "Dispečeri bi trebalo da prate vremensku prognozu i na vreme promene plan ture.",
    "Parkiranje na izlaznim rampama je zabranjeno i opasno, ali mnogi vozači nemaju izbora.",
    "U većim gradovima slobodno mesto za kamion posle 18 časova je prava retkost.",
    "Lopovi najčešće ciljaju prikolice ostavljene bez nadzora preko vikenda.",
    "Kvalitetna brava i GPS uređaj mogu značajno smanjiti rizik od krađe.",
    "Na prevojima uvek izaberite niži stepen prenosa pre spusta, a ne tokom njega.",
    "Odeljenje za saobraćaj države {state} objavljuje stanje na putevima na svom sajtu i na broju 511.",
  ],
  listItems: [
    "Proverite gume, svetla i kočnice pre polaska",
    "Imajte u kabini vodu, hranu, ćebe i punjač za telefon",
    "Držite veće odstojanje od vozila ispred sebe",
    "Smanjite brzinu na mostovima i nadvožnjacima",
    "Ne oslanjajte se slepo na GPS namenjen automobilima",
    "Javite dispečeru svaku promenu plana",
  ],
  tags: ["bezbednost", "vreme", "autoput", "nesreća", "zima", "parking", "saveti"],
  imageAlts: ["Kamion na zavejanom autoputu", "Kolona kamiona na autoputu u sumrak"],
};

const community: Theme = {
  stories: [
    [
      "{hometown} – {city}: priča vozača sa {years} godina za volanom",
      "Došao je iz mesta {hometown} pre {years} godina, a danas je jedan od najpoznatijih naših vozača u gradu {city}.",
    ],
    [
      "Vozači sa Balkana sve traženiji u državi {state}",
      "Kompanije u državi {state} sve češće traže vozače sa Balkana, jer ih smatraju pouzdanim i iskusnim.",
    ],
    [
      "Balkanski piknik u gradu {city} okupio više od {n} porodica",
      "Više od {n} porodica naših vozača okupilo se na tradicionalnom pikniku u gradu {city}.",
    ],
    [
      "Humanitarna akcija vozača: za lečenje deteta prikupljeno {money} dolara",
      "Vozači iz naše zajednice za samo nekoliko dana prikupili su {money} dolara za lečenje deteta kolege iz države {state}.",
    ],
    [
      "Iskustvo vozača iz države {state}: {years} godina na američkim putevima",
      "Za {years} godina vožnje prošao je sve američke države osim Havaja, a i dalje kaže da ne bi menjao posao.",
    ],
    [
      "Kako sam postao vozač kamiona u Americi: priča čitaoca iz države {state}",
      "Naš čitalac iz države {state} podelio je sa nama svoj put od prvog dana u Americi do sopstvenog kamiona.",
    ],
    [
      "{city}: otvorena naša kafana sa parkingom za kamione",
      "U gradu {city} otvorena je kafana sa domaćom kuhinjom i parkingom za kamione, pa vozači konačno imaju gde da svrate na ćevape.",
    ],
    [
      "Dan vozača: {city} ugostio {n} kamiona na paradi",
      "Povodom Dana vozača ulicama grada {city} prošlo je {n} okićenih kamiona, a mnogi su nosili i naše zastave.",
    ],
    [
      "Žene za volanom: sve više naših vozačica na putevima u državi {state}",
      "Sve više žena iz naše zajednice polaže CDL ispit, a mnoge od njih voze zajedno sa supružnicima kao tim.",
    ],
    [
      "Zajednica pomogla kolegi čiji je kamion izgoreo na autoputu {highway}",
      "Kada je njegov kamion izgoreo na autoputu {highway}, kolege iz cele Amerike pokrenule su akciju pomoći.",
    ],
    [
      "Turnir u malom fudbalu za vozače: pobeda ekipe iz grada {city}",
      "Na turniru u malom fudbalu za vozače i njihove porodice pobedila je ekipa iz grada {city}.",
    ],
  ],
  headings: [
    "Početak u Americi",
    "Prvi kamion i prve ture",
    "Život na putu",
    "Porodica i posao",
    "Poruka mladim vozačima",
    "Kako je protekao događaj",
  ],
  subheadings: ["Najteži trenuci", "Šta bi uradio drugačije", "Planovi za budućnost"],
  sentences: [
    "Došao je iz mesta {hometown} pre {years} godina, bez znanja engleskog i sa dva kofera.",
    "Prvih nekoliko meseci radio je u magacinu, a CDL dozvolu je položio iz drugog pokušaja.",
    "Danas ima sopstvenu kompaniju sa {fleet} kamiona i zapošljava uglavnom naše ljude.",
    "Najteže mu je bilo što po tri nedelje nije viđao porodicu.",
    "Kaže da je najlepša tura bila preko Stenovitih planina u jesen.",
    "Na okupljanju su se našli vozači iz Srbije, Bosne i Hercegovine, Hrvatske i Crne Gore.",
    "Bilo je roštilja, muzike i, naravno, priča o kamionima do kasno u noć.",
    "Organizatori kažu da će okupljanje ubuduće biti tradicionalno.",
    "Novac je prikupljen za samo nekoliko dana, zahvaljujući vozačima iz cele Amerike.",
    "Mlađim kolegama savetuje strpljenje, poštovanje propisa i čuvanje zdravlja.",
    "Supruga mu je bila najveća podrška, a sada i ona ima CDL dozvolu pa voze kao tim.",
    "Svaki put kada prođe autoputem {highway}, seti se svoje prve ture.",
  ],
  listItems: [
    "Naučite engleski bar toliko da se sporazumete sa policijom i dispečerom",
    "Ne jurite najveću platu po milji, gledajte i uslove rada",
    "Čuvajte zdravlje jer su hrana i san najvažniji",
    "Tražite savet od starijih kolega",
    "Uvek imajte rezervni plan za parking",
  ],
  tags: ["zajednica", "priče vozača", "dijaspora", "događaji", "humanitarno", "Balkan"],
  imageAlts: ["Vozači na okupljanju pored kamiona", "Kamion na putu kroz planine"],
};

const equipment: Theme = {
  stories: [
    [
      "{brand} predstavio novi model kamiona za {nextYear}. godinu",
      "Proizvođač {brand} predstavio je novi model koji obećava manju potrošnju i udobniju kabinu.",
    ],
    [
      "Električni kamioni na testu u državi {state}: šta kažu vozači",
      "Nekoliko prevoznika u državi {state} testira električne kamione na lokalnim turama, a prva iskustva vozača su podeljena.",
    ],
    [
      "Autonomni kamioni na autoputu {highway}: šta to znači za vozače",
      "Kamioni bez vozača već voze probne ture na autoputu {highway}, a mnogi naši vozači pitaju da li im preti gubitak posla.",
    ],
    [
      "Kako održavati kočnice pred dugu turu: saveti mehaničara iz grada {city}",
      "Mehaničar iz grada {city} objašnjava koje provere kočnica svaki vozač može sam da uradi pre polaska.",
    ],
    [
      "Zimske gume i lanci u državi {state}: vodič za vozače kamiona",
      "Pravila o lancima i zimskoj opremi razlikuju se od države do države, a u državi {state} kazne za prekršaj nisu male.",
    ],
    [
      "{brand}: {tips} najčešćih kvarova i kako ih sprečiti",
      "Mehaničari kažu da se većina kvarova na putu mogla izbeći redovnim pregledom i pravovremenom zamenom delova.",
    ],
    [
      "{tips} aplikacija koje svaki vozač kamiona treba da ima u {year}. godini",
      "Telefon je postao najvažniji alat vozača, a prave aplikacije štede vreme, novac i živce.",
    ],
    [
      "Nove prikolice tipa {trailer} za {nextYear}. godinu: lakše i štedljivije",
      "Proizvođači prikolica predstavili su lakše modele, koji omogućavaju više tereta i manju potrošnju.",
    ],
    [
      "Kabina kao dom: kako opremiti {brand} za duge ture",
      "Vozači na dugim turama provode i po tri nedelje u kabini, pa je dobro opremljen kamion pola uspeha.",
    ],
    [
      "DEF sistem i regeneracija filtera: {tips} saveta mehaničara",
      "Kvarovi na sistemu za prečišćavanje izduvnih gasova su među najskupljim, a često nastaju zbog sitnih grešaka.",
    ],
    [
      "Polovan {brand} {model}: na šta obratiti pažnju pre kupovine",
      "Polovan kamion može biti dobra investicija, ali samo ako se pre kupovine detaljno proveri.",
    ],
  ],
  headings: [
    "Šta je novo",
    "Prednosti i mane",
    "Iskustva vozača",
    "Saveti mehaničara",
    "Koliko to košta",
    "Na šta obratiti pažnju",
  ],
  subheadings: ["Tehnički podaci", "Redovno održavanje", "Preporuka redakcije"],
  sentences: [
    "Novi model dolazi sa motorom od {hp} konjskih snaga i automatskim menjačem.",
    "Proizvođač tvrdi da je potrošnja manja za oko {pct} odsto u odnosu na prethodni model.",
    "Kabina je prostranija, a ležaj širi i udobniji, što vozači na dugim turama posebno cene.",
    "Cena novog kamiona kreće se od {truckPrice} dolara, u zavisnosti od opreme.",
    "Kočnice treba proveravati pre svake ture, a obloge menjati na vreme.",
    "Mnogi kvarovi na putu mogli su se izbeći redovnim servisom na svakih {service} milja.",
    "Kod polovnog kamiona uvek tražite istoriju servisa i proverite koliko je motor prešao.",
    "Električni kamioni za sada imaju ograničen domet i uglavnom se koriste za lokalne ture.",
    "Dobar GPS za kamione računa visinu, težinu i zabrane za teška vozila.",
    "Frižider, mikrotalasna i invertor postali su standardna oprema u kabini.",
    "Regeneracija filtera čestica ne sme se prekidati, jer to vodi do skupih kvarova.",
    "Vozači koji su probali novi model uglavnom hvale tišinu u kabini i stabilnost na vetru.",
  ],
  listItems: [
    "Proverite nivo ulja i rashladne tečnosti svakog jutra",
    "Pregledajte gume i pritisak pre polaska",
    "Menjajte filtere prema preporuci proizvođača",
    "Slušajte kamion jer je neobičan zvuk često prvi znak kvara",
    "Vodite svesku sa svim popravkama i računima",
  ],
  tags: ["kamioni", "tehnologija", "održavanje", "servis", "oprema", "novi modeli"],
  imageAlts: ["Novi kamion u izložbenom salonu", "Mehaničar pregleda motor kamiona"],
};

const jobs: Theme = {
  stories: [
    [
      "Potreban CDL-A vozač – {city}, {state}",
      "Kompanija iz grada {city} traži ozbiljnog i odgovornog vozača sa važećom CDL-A dozvolom.",
    ],
    [
      "Zapošljavamo vozače za OTR ture – do {cpm} centi po milji, {city}",
      "Porodična firma sa {fleet} kamiona iz grada {city} proširuje tim i prima nove vozače za duge ture.",
    ],
    [
      "Tražimo vlasnike-operatere za {trailer} prikolice – {city}, {state}",
      "Tražimo vlasnike-operatere sa sopstvenim kamionom za stalne ture iz grada {city}.",
    ],
    [
      "Dispečer sa iskustvom potreban – {city}",
      "Tražimo dispečera sa iskustvom koji govori srpski i engleski jezik, za rad u kancelariji u gradu {city}.",
    ],
    [
      "Timski vozači iz grada {city} – {weekly} dolara nedeljno po vozaču",
      "Tražimo timove vozača za ture od obale do obale, uz sigurnu nedeljnu zaradu.",
    ],
    [
      "Lokalni posao za vozače, kući svako veče – {city}",
      "Nudimo lokalni posao u okolini grada {city}, bez noćenja na putu i sa slobodnim vikendima.",
    ],
    [
      "Mehaničar za kamione potreban – {city}, {state}",
      "Servis za kamione u gradu {city} traži iskusnog mehaničara za dizel motore.",
    ],
    [
      "Tražimo vozača za hladnjaču – {city}",
      "Tražimo vozača sa iskustvom u prevozu rashlađene robe, za ture iz grada {city}.",
    ],
    [
      "Regionalne ture po državi {state} – vikendom kod kuće",
      "Nudimo regionalne ture po državi {state} i okolnim državama, uz slobodne vikende.",
    ],
    [
      "Hitno: vozači za {trailer} prikolice, bonus {bonus} dolara",
      "Zbog novih ugovora hitno zapošljavamo vozače, a svaki novi vozač dobija bonus od {bonus} dolara.",
    ],
    [
      "Zapošljavamo vozače bez iskustva uz plaćenu CDL obuku – {city}",
      "Nemate iskustva? Plaćamo CDL obuku i zapošljavamo vas odmah po polaganju ispita.",
    ],
  ],
  headings: ["Šta nudimo", "Uslovi", "Kako se prijaviti", "O kompaniji"],
  subheadings: ["Plata i bonusi", "Oprema", "Potrebna dokumenta"],
  sentences: [
    "Plata je {cpm} centi po milji, uz redovnu nedeljnu isplatu na račun.",
    "Vozimo uglavnom {trailer} prikolice, bez ručnog utovara i istovara.",
    "Kamioni su novijeg datuma, sa automatskim menjačem, APU uređajem i frižiderom u kabini.",
    "Potrebno je najmanje {expYears} godine iskustva i čist vozački dosije.",
    "Vozači su na putu od dve do tri nedelje, a zatim imaju nekoliko slobodnih dana.",
    "Obezbeđujemo zdravstveno osiguranje i plaćen godišnji odmor.",
    "Dispečeri govore naš jezik i dostupni su 24 sata dnevno.",
    "Prednost imaju kandidati koji žive u blizini grada {city}.",
    "Vlasnicima-operaterima nudimo {ownerPct} odsto od vrednosti ture i pomoć oko dozvola.",
    "Prijave primamo telefonom ili e-poštom, a razgovor se može obaviti i na srpskom.",
  ],
  listItems: [
    "Važeća CDL-A dozvola",
    "Najmanje {expYears} godine iskustva",
    "Čist vozački i kazneni dosije",
    "Važeća medicinska potvrda (DOT)",
    "Radna dozvola za SAD",
    "Osnovno znanje engleskog jezika",
  ],
  tags: ["posao", "zaposlenje", "CDL-A", "vozači", "OTR", "dispečer", "plata"],
  imageAlts: ["Kamion kompanije spreman za turu", "Vozač u kabini kamiona"],
};

const sales: Theme = {
  stories: [
    [
      "Prodajem {brand} {model}, {modelYear}. godište, {miles} milja",
      "Prodajem kamion u odličnom stanju, redovno servisiran u ovlašćenom servisu, a vozilo se nalazi u gradu {city}.",
    ],
    [
      "Prodajem prikolicu {trailer}, {modelYear}. godište – {city}",
      "Prodajem prikolicu u dobrom stanju, bez ulaganja, sa urednim dokumentima.",
    ],
    [
      "Izdajem parking za kamione – {city}, {state}",
      "Izdajem parking mesta za kamione i prikolice na ograđenom placu u gradu {city}.",
    ],
    [
      "Kupujem polovan kamion do {price} dolara – {city}",
      "Kupujem polovan kamion u ispravnom stanju, isplata odmah.",
    ],
    [
      "Prodajem transportnu firmu sa {fleet} kamiona i ugovorima – {state}",
      "Prodajem kompletnu firmu sa kamionima, prikolicama, dozvolama i stalnim ugovorima, zbog odlaska u penziju.",
    ],
    [
      "Prodajem delove za {brand} kamione – {city}",
      "Prodajem originalne i zamenske delove za kamione, povoljno, uz mogućnost slanja.",
    ],
    [
      "Izdajem sobu vozaču – {city}",
      "Izdajem nameštenu sobu vozaču u mirnom delu grada {city}, uz mogućnost parkiranja kamiona u blizini.",
    ],
    [
      "Prodajem APU uređaj, malo korišćen – {city}",
      "Prodajem APU uređaj koji je korišćen samo jednu sezonu, zbog prodaje kamiona.",
    ],
  ],
  headings: ["Opis", "Oprema", "Cena i uslovi", "Kontakt"],
  subheadings: ["Stanje vozila", "Servisna istorija"],
  sentences: [
    "Motor je {engine}, prešao je {miles} milja, a menjač je automatski.",
    "Gume su nove, a kočnice su zamenjene pre {months} meseci.",
    "Kamion ima APU, frižider, invertor i dva ležaja.",
    "Cena je {price} dolara, uz mogućnost manjeg popusta za brzu kupovinu.",
    "Moguća je zamena za manji kamion ili prikolicu uz doplatu.",
    "Sva dokumenta su uredna, a vozilo nije imalo nezgoda.",
    "Parking je ograđen, pod video nadzorom i osvetljen cele noći.",
    "Mesečna cena parkinga je {parking} dolara po kamionu.",
    "Ozbiljni kupci mogu dogovoriti probnu vožnju.",
  ],
  listItems: [
    "Automatski menjač",
    "APU i invertor",
    "Nove gume",
    "Servisna knjižica",
    "Uredna vlasnička dokumenta",
    "Bez nezgoda",
  ],
  tags: ["prodaja", "kamion", "prikolica", "parking", "polovni kamioni", "kupoprodaja"],
  imageAlts: ["Kamion na prodaju na parkingu", "Prikolica na prodaju"],
};

const services: Theme = {
  stories: [
    [
      "CDL škola na srpskom u gradu {city} – nova grupa počinje u {monthLoc}",
      "Naša CDL škola priprema kandidate na srpskom jeziku, od teorije do praktičnog ispita.",
    ],
    [
      "Knjigovodstvo i IFTA izveštaji za vozače – {city}",
      "Vodimo knjige za vozače i male prevoznike, na našem jeziku i po fiksnim cenama.",
    ],
    [
      "Osiguranje za kamione po povoljnim cenama – {state}",
      "Pronalazimo najpovoljnije osiguranje za kamione i prikolice, za nove i iskusne prevoznike.",
    ],
    [
      "Pomoć oko dozvola: MC, DOT i IRP registracija – {city}",
      "Pomažemo oko otvaranja kompanije i svih dozvola potrebnih za rad, brzo i bez stresa.",
    ],
    [
      "Popravka kamiona i prikolica 0-24 – {city}, {state}",
      "Naš servis u gradu {city} radi svakog dana, a za hitne slučajeve dostupni smo 24 sata.",
    ],
    [
      "Prevod dokumenata i pomoć oko vozačke dozvole – {city}",
      "Prevodimo dokumenta i pomažemo pri zameni vozačke dozvole i pripremi za CDL ispit.",
    ],
    [
      "Vuča kamiona 0-24 na autoputu {highway} kroz državu {state}",
      "Vučemo kamione i prikolice svih veličina, danju i noću, na autoputu {highway} i okolnim putevima.",
    ],
  ],
  headings: ["Naše usluge", "Zašto mi", "Cene", "Kontakt"],
  subheadings: ["Radno vreme", "Lokacija"],
  sentences: [
    "Obuka traje {weeks} nedelje i uključuje teoriju i praktičnu vožnju.",
    "Instruktori govore srpski, a testove pripremamo na oba jezika.",
    "Vodimo knjige, pripremamo IFTA izveštaje i poreske prijave.",
    "Pomažemo oko otvaranja kompanije, MC i DOT broja i registracije kamiona.",
    "Cene su fiksne i unapred poznate, bez skrivenih troškova.",
    "Servis radi svakog dana, a za hitne slučajeve dostupni smo 24 sata.",
    "Prvi razgovor je besplatan, pozovite nas ili pošaljite poruku.",
  ],
  listItems: [
    "Besplatne konsultacije",
    "Rad na srpskom i engleskom",
    "Povoljne cene",
    "Brza usluga",
    "Dugogodišnje iskustvo",
  ],
  tags: ["usluge", "CDL škola", "knjigovodstvo", "osiguranje", "servis", "dozvole"],
  imageAlts: ["Kancelarija za pomoć vozačima", "Servis za kamione"],
};

/** News themes with their share of the Vesti category. */
export const NEWS_THEMES: readonly Theme[] = [regulations, costs, safety, community, equipment];
export const NEWS_THEME_WEIGHTS = [24, 22, 24, 14, 16];

/** Classified-ad themes with their share of the Oglasi category. */
export const AD_THEMES: readonly Theme[] = [jobs, sales, services];
export const AD_THEME_WEIGHTS = [55, 30, 15];
