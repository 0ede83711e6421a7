import type { FormatGroup } from '../../../shared/contract/values'

/** The languages the demo world writes in. */
export const demoLanguages = ['en', 'de', 'fr', 'es', 'ru'] as const
export type DemoLanguage = (typeof demoLanguages)[number]

type PerLanguage<T> = Record<DemoLanguage, T>

export interface TopicSpec {
  key: string
  theme: string
  label: string
  category: string
  /** Format groups this topic's articles lean to, with weights. */
  formats: Partial<Record<FormatGroup, number>>
  /** Topic words, per language; titles and bodies use them, so keyword tracking finds them. */
  words: PerLanguage<string[]>
}

/** Themes > topics of the demo world, with the category path of each topic. */
export const topics: TopicSpec[] = [
  { key: 'elections', theme: 'Politics', label: 'Elections', category: '/News/Politics/Elections', formats: { News: 5, Analysis: 3 },
    words: { en: ['election', 'vote', 'campaign', 'ballot'], de: ['Wahl', 'Stimmen', 'Wahlkampf', 'Umfrage'], fr: ['élection', 'vote', 'campagne', 'scrutin'], es: ['elecciones', 'voto', 'campaña', 'encuesta'], ru: ['выборы', 'голосование', 'кампания', 'опрос'] } },
  { key: 'parliament', theme: 'Politics', label: 'Parliament', category: '/News/Politics/Parliament', formats: { News: 5, Analysis: 3 },
    words: { en: ['parliament', 'bill', 'coalition', 'minister'], de: ['Parlament', 'Gesetz', 'Koalition', 'Minister'], fr: ['parlement', 'loi', 'coalition', 'ministre'], es: ['parlamento', 'ley', 'coalición', 'ministro'], ru: ['парламент', 'закон', 'коалиция', 'министр'] } },
  { key: 'diplomacy', theme: 'Politics', label: 'Diplomacy', category: '/News/World/Diplomacy', formats: { News: 5, Analysis: 4 },
    words: { en: ['summit', 'treaty', 'talks', 'sanctions'], de: ['Gipfel', 'Vertrag', 'Gespräche', 'Sanktionen'], fr: ['sommet', 'traité', 'négociations', 'sanctions'], es: ['cumbre', 'tratado', 'negociaciones', 'sanciones'], ru: ['саммит', 'договор', 'переговоры', 'санкции'] } },
  { key: 'central-banks', theme: 'Economy', label: 'Central banks', category: '/Business/Economy/Central banks', formats: { News: 4, Analysis: 5 },
    words: { en: ['interest rates', 'inflation', 'central bank', 'bonds'], de: ['Leitzins', 'Inflation', 'Zentralbank', 'Anleihen'], fr: ['taux', 'inflation', 'banque centrale', 'obligations'], es: ['tipos de interés', 'inflación', 'banco central', 'bonos'], ru: ['ставка', 'инфляция', 'центробанк', 'облигации'] } },
  { key: 'energy', theme: 'Economy', label: 'Energy prices', category: '/Business/Energy', formats: { News: 4, Analysis: 3, Utility: 3 },
    words: { en: ['gas prices', 'electricity', 'oil', 'energy bill'], de: ['Gaspreis', 'Strom', 'Öl', 'Energierechnung'], fr: ['prix du gaz', 'électricité', 'pétrole', 'facture'], es: ['precio del gas', 'electricidad', 'petróleo', 'factura'], ru: ['цены на газ', 'электричество', 'нефть', 'тарифы'] } },
  { key: 'jobs', theme: 'Economy', label: 'Labour market', category: '/Business/Jobs', formats: { News: 3, Analysis: 3, Utility: 3 },
    words: { en: ['jobs', 'strike', 'wages', 'unemployment'], de: ['Arbeitsplätze', 'Streik', 'Löhne', 'Arbeitslosigkeit'], fr: ['emploi', 'grève', 'salaires', 'chômage'], es: ['empleo', 'huelga', 'salarios', 'paro'], ru: ['рабочие места', 'забастовка', 'зарплаты', 'безработица'] } },
  { key: 'football', theme: 'Sports', label: 'Football', category: '/Sports/Football', formats: { News: 5, Atmosphere: 2, Analysis: 2 },
    words: { en: ['match', 'goal', 'transfer', 'league'], de: ['Spiel', 'Tor', 'Transfer', 'Liga'], fr: ['match', 'but', 'transfert', 'championnat'], es: ['partido', 'gol', 'fichaje', 'liga'], ru: ['матч', 'гол', 'трансфер', 'лига'] } },
  { key: 'tennis', theme: 'Sports', label: 'Tennis', category: '/Sports/Tennis', formats: { News: 5, Atmosphere: 2 },
    words: { en: ['tournament', 'final', 'set', 'ranking'], de: ['Turnier', 'Finale', 'Satz', 'Weltrangliste'], fr: ['tournoi', 'finale', 'set', 'classement'], es: ['torneo', 'final', 'set', 'ranking'], ru: ['турнир', 'финал', 'сет', 'рейтинг'] } },
  { key: 'winter-sports', theme: 'Sports', label: 'Winter sports', category: '/Sports/Winter sports', formats: { News: 4, Atmosphere: 3 },
    words: { en: ['ski', 'slalom', 'world cup', 'snow'], de: ['Ski', 'Slalom', 'Weltcup', 'Schnee'], fr: ['ski', 'slalom', 'coupe du monde', 'neige'], es: ['esquí', 'eslalon', 'copa del mundo', 'nieve'], ru: ['лыжи', 'слалом', 'кубок мира', 'снег'] } },
  { key: 'smartphones', theme: 'Technology', label: 'Smartphones', category: '/Technology/Gadgets', formats: { News: 3, Utility: 4, Analysis: 2 },
    words: { en: ['smartphone', 'update', 'battery', 'camera'], de: ['Smartphone', 'Update', 'Akku', 'Kamera'], fr: ['smartphone', 'mise à jour', 'batterie', 'appareil photo'], es: ['smartphone', 'actualización', 'batería', 'cámara'], ru: ['смартфон', 'обновление', 'батарея', 'камера'] } },
  { key: 'ai', theme: 'Technology', label: 'Artificial intelligence', category: '/Technology/AI', formats: { News: 4, Analysis: 4 },
    words: { en: ['artificial intelligence', 'chatbot', 'model', 'regulation'], de: ['künstliche Intelligenz', 'Chatbot', 'Modell', 'Regulierung'], fr: ['intelligence artificielle', 'chatbot', 'modèle', 'régulation'], es: ['inteligencia artificial', 'chatbot', 'modelo', 'regulación'], ru: ['искусственный интеллект', 'чат-бот', 'модель', 'регулирование'] } },
  { key: 'cyber', theme: 'Technology', label: 'Cybersecurity', category: '/Technology/Security', formats: { News: 5, Utility: 3 },
    words: { en: ['data breach', 'hackers', 'password', 'ransomware'], de: ['Datenleck', 'Hacker', 'Passwort', 'Erpressungssoftware'], fr: ['fuite de données', 'pirates', 'mot de passe', 'rançongiciel'], es: ['filtración', 'hackers', 'contraseña', 'ransomware'], ru: ['утечка данных', 'хакеры', 'пароль', 'вымогатель'] } },
  { key: 'vaccines', theme: 'Health', label: 'Vaccines', category: '/Health/Medicine', formats: { News: 4, Utility: 4 },
    words: { en: ['vaccine', 'flu', 'doctors', 'clinic'], de: ['Impfung', 'Grippe', 'Ärzte', 'Klinik'], fr: ['vaccin', 'grippe', 'médecins', 'clinique'], es: ['vacuna', 'gripe', 'médicos', 'clínica'], ru: ['вакцина', 'грипп', 'врачи', 'клиника'] } },
  { key: 'nutrition', theme: 'Health', label: 'Nutrition', category: '/Health/Nutrition', formats: { Utility: 5, Atmosphere: 2 },
    words: { en: ['diet', 'protein', 'sugar', 'breakfast'], de: ['Ernährung', 'Eiweiß', 'Zucker', 'Frühstück'], fr: ['régime', 'protéines', 'sucre', 'petit-déjeuner'], es: ['dieta', 'proteínas', 'azúcar', 'desayuno'], ru: ['диета', 'белок', 'сахар', 'завтрак'] } },
  { key: 'cinema', theme: 'Entertainment', label: 'Cinema', category: '/Entertainment/Movies', formats: { News: 3, Atmosphere: 4, Analysis: 2 },
    words: { en: ['film', 'premiere', 'box office', 'director'], de: ['Film', 'Premiere', 'Kinokasse', 'Regisseur'], fr: ['film', 'avant-première', 'box-office', 'réalisateur'], es: ['película', 'estreno', 'taquilla', 'director'], ru: ['фильм', 'премьера', 'кассовые сборы', 'режиссёр'] } },
  { key: 'music', theme: 'Entertainment', label: 'Music', category: '/Entertainment/Music', formats: { News: 3, Atmosphere: 5 },
    words: { en: ['album', 'concert', 'tour', 'single'], de: ['Album', 'Konzert', 'Tournee', 'Single'], fr: ['album', 'concert', 'tournée', 'single'], es: ['álbum', 'concierto', 'gira', 'sencillo'], ru: ['альбом', 'концерт', 'тур', 'сингл'] } },
  { key: 'series', theme: 'Entertainment', label: 'Television series', category: '/Entertainment/TV', formats: { Atmosphere: 4, News: 2, Routine: 2 },
    words: { en: ['series', 'episode', 'season', 'streaming'], de: ['Serie', 'Folge', 'Staffel', 'Streaming'], fr: ['série', 'épisode', 'saison', 'streaming'], es: ['serie', 'episodio', 'temporada', 'streaming'], ru: ['сериал', 'серия', 'сезон', 'стриминг'] } },
  { key: 'space', theme: 'Science', label: 'Space', category: '/Science/Space', formats: { News: 4, Atmosphere: 3, Analysis: 2 },
    words: { en: ['rocket', 'launch', 'orbit', 'telescope'], de: ['Rakete', 'Start', 'Umlaufbahn', 'Teleskop'], fr: ['fusée', 'lancement', 'orbite', 'télescope'], es: ['cohete', 'lanzamiento', 'órbita', 'telescopio'], ru: ['ракета', 'запуск', 'орбита', 'телескоп'] } },
  { key: 'climate', theme: 'Science', label: 'Climate', category: '/Science/Climate', formats: { News: 4, Analysis: 3 },
    words: { en: ['heatwave', 'emissions', 'drought', 'flooding'], de: ['Hitzewelle', 'Emissionen', 'Dürre', 'Hochwasser'], fr: ['canicule', 'émissions', 'sécheresse', 'inondations'], es: ['ola de calor', 'emisiones', 'sequía', 'inundaciones'], ru: ['жара', 'выбросы', 'засуха', 'наводнение'] } },
  { key: 'archaeology', theme: 'Science', label: 'Archaeology', category: '/Science/History', formats: { Atmosphere: 5, News: 2 },
    words: { en: ['excavation', 'ancient', 'discovery', 'museum'], de: ['Ausgrabung', 'antik', 'Entdeckung', 'Museum'], fr: ['fouilles', 'antique', 'découverte', 'musée'], es: ['excavación', 'antiguo', 'descubrimiento', 'museo'], ru: ['раскопки', 'древний', 'находка', 'музей'] } },
  { key: 'travel', theme: 'Lifestyle', label: 'Travel', category: '/Lifestyle/Travel', formats: { Utility: 4, Atmosphere: 4 },
    words: { en: ['holiday', 'flights', 'hotel', 'beach'], de: ['Urlaub', 'Flüge', 'Hotel', 'Strand'], fr: ['vacances', 'vols', 'hôtel', 'plage'], es: ['vacaciones', 'vuelos', 'hotel', 'playa'], ru: ['отпуск', 'авиабилеты', 'отель', 'пляж'] } },
  { key: 'recipes', theme: 'Lifestyle', label: 'Recipes', category: '/Lifestyle/Food', formats: { Utility: 6, Atmosphere: 2 },
    words: { en: ['recipe', 'soup', 'baking', 'dinner'], de: ['Rezept', 'Suppe', 'Backen', 'Abendessen'], fr: ['recette', 'soupe', 'pâtisserie', 'dîner'], es: ['receta', 'sopa', 'repostería', 'cena'], ru: ['рецепт', 'суп', 'выпечка', 'ужин'] } },
  { key: 'garden', theme: 'Lifestyle', label: 'Home and garden', category: '/Lifestyle/Home', formats: { Utility: 6, Atmosphere: 2 },
    words: { en: ['garden', 'plants', 'heating', 'renovation'], de: ['Garten', 'Pflanzen', 'Heizung', 'Renovierung'], fr: ['jardin', 'plantes', 'chauffage', 'rénovation'], es: ['jardín', 'plantas', 'calefacción', 'reforma'], ru: ['сад', 'растения', 'отопление', 'ремонт'] } },
  { key: 'weather', theme: 'Daily', label: 'Weather', category: '/Weather', formats: { Routine: 8 },
    words: { en: ['weather', 'forecast', 'rain', 'temperatures'], de: ['Wetter', 'Vorhersage', 'Regen', 'Temperaturen'], fr: ['météo', 'prévisions', 'pluie', 'températures'], es: ['tiempo', 'pronóstico', 'lluvia', 'temperaturas'], ru: ['погода', 'прогноз', 'дождь', 'температура'] } },
  { key: 'lottery', theme: 'Daily', label: 'Lottery and horoscopes', category: '/Lifestyle/Daily', formats: { Routine: 8 },
    words: { en: ['lottery', 'jackpot', 'horoscope', 'numbers'], de: ['Lotto', 'Jackpot', 'Horoskop', 'Zahlen'], fr: ['loto', 'jackpot', 'horoscope', 'numéros'], es: ['lotería', 'bote', 'horóscopo', 'números'], ru: ['лотерея', 'джекпот', 'гороскоп', 'числа'] } },
]

/**
 * Title templates per language and format group. Slots: {e1} main entity, {e2} second
 * entity, {place}, {event} (the storyline's own event name), {kw} and {kw2} topic words, {n}.
 */
export const titleTemplates: PerLanguage<Record<FormatGroup, string[]>> = {
  en: {
    News: ['{e1} and {event}: {kw} decision expected in {place}', '{event}: {e1} confirms {kw} plans', 'Breaking: {e1} at the centre of {event} in {place}', '{event} shakes {place} as {e1} faces {kw} questions'],
    Analysis: ['Why {event} matters for {kw}: what {e1} gets wrong', 'What {event} means for {e2} and the {kw} debate', 'Five lessons from {event} for {kw}'],
    Utility: ['How to handle {kw} after {event}: {n} tips', '{kw}: {n} things to know about {event}', 'A practical guide to {kw} in {place} after {event}'],
    Atmosphere: ['Inside {event}: {place} remembers {e1}', 'The story behind {event} and {e1}', 'Scenes from {place}: {event} through {e2}'],
    Routine: ['{kw} in {place} today: {event} update', '{event}: your {kw} for {place}', 'Daily {kw} for {place} with {e1}'],
  },
  de: {
    News: ['{e1} und {event}: Entscheidung zu {kw} in {place} erwartet', '{event}: {e1} bestätigt Pläne zu {kw}', 'Eilmeldung: {e1} im Mittelpunkt von {event} in {place}', '{event} erschüttert {place}, {e1} unter Druck wegen {kw}'],
    Analysis: ['Warum {event} für {kw} wichtig ist: was {e1} übersieht', 'Was {event} für {e2} und die Debatte um {kw} bedeutet', 'Fünf Lehren aus {event} für {kw}'],
    Utility: ['So gehen Sie nach {event} mit {kw} um: {n} Tipps', '{kw}: {n} Dinge, die Sie über {event} wissen sollten', 'Ratgeber {kw} in {place} nach {event}'],
    Atmosphere: ['Hinter den Kulissen von {event}: {place} erinnert sich an {e1}', 'Die Geschichte hinter {event} und {e1}', 'Szenen aus {place}: {event} mit {e2}'],
    Routine: ['{kw} in {place} heute: {event} im Überblick', '{event}: Ihr {kw} für {place}', 'Täglich {kw} für {place} mit {e1}'],
  },
  fr: {
    News: ['{e1} et {event} : décision sur {kw} attendue à {place}', '{event} : {e1} confirme ses projets sur {kw}', 'Urgent : {e1} au cœur de {event} à {place}', '{event} secoue {place}, {e1} interrogé sur {kw}'],
    Analysis: ['Pourquoi {event} compte pour {kw} : ce que {e1} oublie', 'Ce que {event} change pour {e2} et le débat sur {kw}', 'Cinq leçons de {event} pour {kw}'],
    Utility: ['{kw} après {event} : {n} conseils pratiques', '{kw} : {n} choses à savoir sur {event}', 'Guide pratique : {kw} à {place} après {event}'],
    Atmosphere: ['Dans les coulisses de {event} : {place} se souvient de {e1}', "L'histoire derrière {event} et {e1}", 'Scènes de {place} : {event} vu par {e2}'],
    Routine: ["{kw} à {place} aujourd'hui : point sur {event}", '{event} : votre {kw} pour {place}', '{kw} du jour à {place} avec {e1}'],
  },
  es: {
    News: ['{e1} y {event}: se espera una decisión sobre {kw} en {place}', '{event}: {e1} confirma sus planes sobre {kw}', 'Última hora: {e1} en el centro de {event} en {place}', '{event} sacude {place} y {e1} responde sobre {kw}'],
    Analysis: ['Por qué {event} importa para {kw}: lo que {e1} no ve', 'Qué significa {event} para {e2} y el debate sobre {kw}', 'Cinco lecciones de {event} para {kw}'],
    Utility: ['Cómo afrontar {kw} tras {event}: {n} consejos', '{kw}: {n} cosas que debes saber sobre {event}', 'Guía práctica de {kw} en {place} tras {event}'],
    Atmosphere: ['Dentro de {event}: {place} recuerda a {e1}', 'La historia detrás de {event} y {e1}', 'Escenas de {place}: {event} según {e2}'],
    Routine: ['{kw} en {place} hoy: resumen de {event}', '{event}: tu {kw} para {place}', '{kw} del día en {place} con {e1}'],
  },
  ru: {
    News: ['{e1} и {event}: в {place} ждут решения по теме «{kw}»', '{event}: {e1} подтверждает планы — {kw}', 'Срочно: {e1} в центре событий «{event}» в {place}', '{event} потрясло {place}, к {e1} вопросы — {kw}'],
    Analysis: ['Почему {event} важно: {kw} и ошибки {e1}', 'Что {event} значит для {e2}: спор о теме «{kw}»', 'Пять уроков {event}: {kw}'],
    Utility: ['{kw} после {event}: {n} советов', '{kw}: {n} фактов о {event}', 'Гид: {kw} в {place} после {event}'],
    Atmosphere: ['За кулисами {event}: {place} вспоминает {e1}', 'История {event} и {e1}', 'Сцены из {place}: {event} глазами {e2}'],
    Routine: ['{kw} в {place} сегодня: {event}', '{event}: {kw} для {place}', '{kw} на каждый день: {place} и {e1}'],
  },
}

/** Sentences of article bodies, per language; the same slots as titles. */
export const bodySentences: PerLanguage<string[]> = {
  en: [
    '{e1} spoke about {kw} in {place} on {day}.', 'Observers say {event} could change how {kw2} is handled.', '{e2} has not yet commented on {event}.',
    'Local residents in {place} followed the {kw} debate closely.', 'The next step for {e1} depends on {kw2}.', 'Figures released on {day} show {n} per cent more interest in {kw}.',
    'According to {e2}, {event} is only the beginning.', 'Experts expect further news on {kw} within days.',
  ],
  de: [
    '{e1} äußerte sich am {day} in {place} zu {kw}.', 'Beobachter meinen, {event} könnte den Umgang mit {kw2} verändern.', '{e2} hat sich zu {event} noch nicht geäußert.',
    'Die Menschen in {place} verfolgten die Debatte um {kw} genau.', 'Der nächste Schritt von {e1} hängt von {kw2} ab.', 'Am {day} veröffentlichte Zahlen zeigen {n} Prozent mehr Interesse an {kw}.',
    'Laut {e2} ist {event} erst der Anfang.', 'Fachleute erwarten in den nächsten Tagen weitere Nachrichten zu {kw}.',
  ],
  fr: [
    '{e1} a évoqué {kw} à {place} le {day}.', 'Selon les observateurs, {event} pourrait changer la gestion de {kw2}.', "{e2} n'a pas encore réagi à {event}.",
    'Les habitants de {place} ont suivi de près le débat sur {kw}.', 'La suite pour {e1} dépendra de {kw2}.', 'Les chiffres publiés le {day} montrent {n} % d’intérêt en plus pour {kw}.',
    "Pour {e2}, {event} n'est qu'un début.", "Les experts attendent d'autres nouvelles sur {kw} dans les prochains jours.",
  ],
  es: [
    '{e1} habló sobre {kw} en {place} el {day}.', 'Los observadores creen que {event} podría cambiar la gestión de {kw2}.', '{e2} aún no ha comentado {event}.',
    'Los vecinos de {place} siguieron de cerca el debate sobre {kw}.', 'El próximo paso de {e1} depende de {kw2}.', 'Las cifras publicadas el {day} muestran un {n} por ciento más de interés en {kw}.',
    'Según {e2}, {event} es solo el comienzo.', 'Los expertos esperan más noticias sobre {kw} en los próximos días.',
  ],
  ru: [
    '{e1} высказался о теме «{kw}» в {place} {day}.', 'Наблюдатели считают, что {event} может изменить подход к теме «{kw2}».', '{e2} пока не комментирует {event}.',
    'Жители {place} внимательно следили за обсуждением: {kw}.', 'Следующий шаг {e1} зависит от темы «{kw2}».', 'Данные от {day} показывают рост интереса на {n} процентов: {kw}.',
    'По словам {e2}, {event} — только начало.', 'Эксперты ждут новых известий в ближайшие дни: {kw}.',
  ],
}

export const subheadings: PerLanguage<string[]> = {
  en: ['What happened', 'Background', 'What comes next', 'Reactions'],
  de: ['Was geschah', 'Hintergrund', 'Wie es weitergeht', 'Reaktionen'],
  fr: ["Ce qui s'est passé", 'Contexte', 'La suite', 'Réactions'],
  es: ['Qué ocurrió', 'Contexto', 'Qué viene ahora', 'Reacciones'],
  ru: ['Что произошло', 'Контекст', 'Что дальше', 'Реакция'],
}

/** Publisher name patterns per language: {place} is a city of the publisher's country. */
export const publisherPatterns: PerLanguage<Array<{ name: string; slug: string }>> = {
  en: [{ name: 'The {place} Herald', slug: '{place}herald' }, { name: '{place} Daily', slug: '{place}daily' }, { name: 'The {place} Post', slug: '{place}post' }, { name: '{place} Chronicle', slug: '{place}chronicle' }, { name: '{place} Live', slug: '{place}live' }],
  de: [{ name: '{place}er Rundschau', slug: '{place}-rundschau' }, { name: '{place} Kurier', slug: '{place}-kurier' }, { name: 'Neue {place}er Zeitung', slug: 'nz-{place}' }, { name: '{place} Aktuell', slug: '{place}-aktuell' }],
  fr: [{ name: 'Le Journal de {place}', slug: 'journal-{place}' }, { name: '{place} Matin', slug: '{place}-matin' }, { name: 'La Dépêche de {place}', slug: 'depeche-{place}' }, { name: "{place} Info", slug: '{place}-info' }],
  es: [{ name: 'El Diario de {place}', slug: 'diario{place}' }, { name: 'La Voz de {place}', slug: 'lavozde{place}' }, { name: '{place} Hoy', slug: '{place}hoy' }, { name: 'Noticias de {place}', slug: 'noticias{place}' }],
  ru: [{ name: 'Вести {place}', slug: 'vesti-{place}' }, { name: '{place} Сегодня', slug: '{place}-segodnya' }, { name: 'Новости {place}', slug: 'novosti-{place}' }, { name: '{place} Инфо', slug: '{place}-info' }],
}

/** Parts of the fictional names of people, organisations and events (language-neutral). */
export const nameParts = {
  first: ['Mira', 'Jonas', 'Elena', 'Tomas', 'Sofia', 'Leon', 'Ines', 'Viktor', 'Clara', 'Mateo', 'Nadia', 'Oskar', 'Lena', 'Adrian', 'Yara', 'Felix', 'Irina', 'Hugo', 'Amara', 'Pavel', 'Greta', 'Rafael', 'Alma', 'Dmitri', 'Lucia', 'Emil', 'Vera', 'Marco', 'Ida', 'Sergei'],
  last: ['Castell', 'Varga', 'Lindqvist', 'Moreau', 'Albrecht', 'Serrano', 'Novak', 'Halden', 'Okafor', 'Petrov', 'Brandt', 'Quintero', 'Falk', 'Dubois', 'Mertens', 'Ruiz', 'Sokolov', 'Winter', 'Lacroix', 'Ortega', 'Keller', 'Marin', 'Vogel', 'Arslan', 'Bianchi', 'Holm', 'Rivas', 'Stark', 'Leclerc', 'Orlov'],
  orgStem: ['Northwind', 'Helix', 'Aurora', 'Meridian', 'Bluecrest', 'Solace', 'Ironbridge', 'Vantage', 'Cobalt', 'Evergreen', 'Lumen', 'Silverline', 'Quantix', 'Harbor', 'Nimbus', 'Redwood', 'Polaris', 'Orchard', 'Atlas', 'Keystone'],
  orgKind: {
    Organization: ['Group', 'Holdings', 'Bank', 'Energy', 'Labs', 'Alliance', 'Institute', 'Agency', 'Union', 'Systems'],
    SportsTeam: ['FC', 'United', 'Rovers', 'Athletic', 'Club'],
    Product: ['X1', 'Pro', 'Nova', 'One', 'Air', 'Max'],
  },
  eventStem: ['Vellmar', 'Kestrel', 'Halcyon', 'Brightwater', 'Orion', 'Tessera', 'Marlow', 'Sable', 'Corvid', 'Larkspur', 'Juniper', 'Obsidian', 'Calder', 'Ravel', 'Sundial', 'Wren', 'Tamsin', 'Argent', 'Fennel', 'Quill', 'Borealis', 'Cinder', 'Draycott', 'Ember', 'Fable', 'Gossamer', 'Hollis', 'Isolde', 'Jasper', 'Kinsale'],
  eventKind: ['Accord', 'Summit', 'Affair', 'Project', 'Plan', 'Crisis', 'Cup', 'Festival', 'Initiative', 'Report', 'Leak', 'Launch', 'Case', 'Deal', 'Reform'],
}
