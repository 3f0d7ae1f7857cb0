"""Names of players as federations write them, per language, for the code page tests.

Each language has surnames and given names (male and female where surnames agree in
gender), its FIDE federation and the legacy code pages its files come in. ``players``
combines them into ``"Surname, Given"`` strings deterministically.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    federation: str
    codepages: tuple[str, ...]
    male: tuple[tuple[str, ...], tuple[str, ...]]  # (surnames, given names)
    female: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


def _w(text: str) -> tuple[str, ...]:
    return tuple(text.split())


RUSSIAN = Language(
    "RUS",
    ("cp1251", "koi8-r", "cp866", "iso8859-5"),
    (
        _w(
            "Петров Иванов Смирнов Кузнецов Попов Васильев Соколов Михайлов Новиков Фёдоров "
            "Морозов Волков Алексеев Лебедев Семёнов Егоров Павлов Козлов Степанов Николаев Орлов "
            "Андреев Макаров Никитин Захаров Зайцев Соловьёв Борисов Яковлев Григорьев Романов "
            "Воробьёв Сергеев Кузьмин Фролов Александров Дмитриев Королёв Гусев Киселёв Ильин "
            "Максимов Поляков Сорокин Виноградов Ковалёв Белов Медведев Антонов Тарасов Жуков "
            "Баранов Филиппов Комаров Давыдов Беляев Герасимов Богданов Осипов Сидоров Матвеев "
            "Титов Марков Миронов Крылов Куликов Карпов Власов Мельников Денисов Гаврилов Тихонов "
            "Щербаков Чернов Шестаков Журавлёв Цветков Хохлов Юдин Эйдельман"
        ),
        _w(
            "Алексей Сергей Дмитрий Андрей Михаил Иван Николай Владимир Евгений Павел Артём "
            "Максим Юрий Олег Виктор Игорь Роман Константин Денис Григорий Фёдор Вячеслав Тимур "
            "Ярослав Кирилл Станислав Эдуард Леонид Пётр Илья"
        ),
    ),
    (
        _w(
            "Петрова Иванова Смирнова Кузнецова Попова Соколова Лебедева Козлова Новикова "
            "Морозова Волкова Орлова Белова Гусева Шувалова Щукина Фёдорова Зайцева Яковлева "
            "Чернова Жукова Цветкова Юдина"
        ),
        _w(
            "Анна Мария Елена Ольга Татьяна Наталья Ирина Екатерина Светлана Юлия Александра "
            "Дарья Валентина Алёна Ксения Людмила Эльвира Яна Жанна Полина"
        ),
    ),
)

UKRAINIAN = Language(
    "UKR",
    ("koi8-u", "cp1251"),
    (
        _w(
            "Шевченко Коваленко Бондаренко Ткаченко Кравченко Олійник Шевчук Поліщук Коваль "
            "Бойко Ковальчук Мельник Савченко Руденко Мороз Лисенко Марченко Петренко Клименко "
            "Павленко Кузьменко Гнатюк Ігнатенко Ґудзь Їжакевич Єременко Приходько Білик Гаврилюк "
            "Костенко Заїка Сидоренко Дячук Семенюк Остапчук Романюк Ярошенко Довженко Гриценко "
            "Франко"
        ),
        _w(
            "Олександр Андрій Сергій Дмитро Юрій Василь Віктор Богдан Іван Тарас Олег Ігор "
            "Євген Микола Григорій Остап Ярослав Святослав Віталій Анатолій Михайло Петро "
            "Денис Роман Віталій"
        ),
    ),
    (
        _w("Шевченко Коваленко Бондаренко Ткаченко Мельник Бойко Олійник Лисенко Гнатюк Кравчук"),
        _w(
            "Олена Ірина Наталія Оксана Тетяна Юлія Марія Анна Галина Людмила Вікторія Катерина "
            "Євгенія Ольга Світлана"
        ),
    ),
)

POLISH = Language(
    "POL",
    ("cp1250", "iso8859-2"),
    (
        _w(
            "Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński "
            "Szymański Woźniak Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Krawczyk Kaczmarek "
            "Piotrowski Grabowski Zając Pawłowski Michalski Król Wieczorek Jabłoński Wróbel "
            "Nowakowski Majewski Olszewski Stępień Malinowski Jaworski Adamczyk Dudek Nowicki "
            "Pawlak Górski Witkowski Walczak Sikora Baran Rutkowski Michalak Szewczyk Ostrowski "
            "Tomaszewski Pietrzak Duda Zalewski Wróblewski Jasiński Marciniak Bąk Zawadzki "
            "Sadowski Chmielewski Włodarczyk Borkowski Czarnecki Sawicki Sokołowski Urbański "
            "Kubiak Maciejewski Szczepański Kucharski Wilk Kalinowski Lis Mazurek Wysocki Kołodziej "
            "Żak Łukaszewicz Ślusarczyk Świątek Źródłowski Śliwiński"
        ),
        _w(
            "Piotr Krzysztof Andrzej Tomasz Paweł Michał Marcin Jakub Łukasz Mateusz Grzegorz "
            "Mariusz Adam Wojciech Kamil Zbigniew Jerzy Maciej Rafał Dawid Przemysław Sławomir "
            "Bartłomiej Jarosław Radosław Zdzisław Mirosław Stanisław"
        ),
    ),
    (
        _w(
            "Nowak Kowalska Wiśniewska Wójcik Kamińska Lewandowska Zielińska Szymańska Woźniak "
            "Dąbrowska Kozłowska Mazur Jabłońska Król Stępień Górska Sokołowska Żak Ślęzak"
        ),
        _w(
            "Anna Maria Katarzyna Małgorzata Agnieszka Barbara Ewa Magdalena Elżbieta Joanna "
            "Aleksandra Monika Zofia Urszula Beata Dorota Jolanta Grażyna Iwona Halina Łucja "
            "Bożena Wiesława Żaneta"
        ),
    ),
)

CZECH = Language(
    "CZE",
    ("cp1250", "iso8859-2"),
    (
        _w(
            "Novák Svoboda Novotný Dvořák Černý Procházka Kučera Veselý Horák Němec Marek "
            "Pospíšil Pokorný Hájek Král Jelínek Růžička Beneš Fiala Sedláček Doležal Zeman "
            "Kolář Navrátil Čermák Vaněk Urban Blažek Kříž Kovář Bartoš Vlček Polák Musil "
            "Kopecký Šimek Konečný Malý Holub Štěpánek Staněk Kadlec Dostál Soukup Šťastný Mareš "
            "Moravec Sýkora Tichý Valenta Vávra Matoušek Bláha Říha Ševčík Bureš Hruška Mašek "
            "Pavlík Janda Hrubý Kazda Žižka Čech Šebesta Toman"
        ),
        _w(
            "Jiří Jan Petr Josef Pavel Martin Tomáš Jaroslav Miroslav Zdeněk Václav Michal "
            "František Jakub Milan Karel Lukáš David Vojtěch Ondřej Radek Stanislav Luboš Bořivoj "
            "Přemysl Matěj Dušan"
        ),
    ),
    (
        _w(
            "Nováková Svobodová Novotná Dvořáková Černá Procházková Kučerová Veselá Horáková "
            "Němcová Pokorná Králová Růžičková Benešová Šimková Čermáková Kříženecká Žáková"
        ),
        _w(
            "Jana Marie Eva Hana Anna Lenka Kateřina Lucie Věra Alena Petra Jaroslava Veronika "
            "Martina Tereza Zdeňka Ludmila Šárka Markéta Dagmar Božena Růžena"
        ),
    ),
)

HUNGARIAN = Language(
    "HUN",
    ("iso8859-2", "cp1250"),
    (
        _w(
            "Nagy Kovács Tóth Szabó Horváth Varga Kiss Molnár Németh Farkas Balogh Papp Takács "
            "Juhász Lakatos Mészáros Oláh Simon Rácz Fekete Szilágyi Török Fehér Balázs Gál Kis "
            "Szűcs Kocsis Orsós Pintér Fodor Szalai Sipos Magyar Lukács Gulyás Bíró Király "
            "Katona László Jakab Bogdán Balog Sándor Boros Fazekas Kelemen Antal Orosz Somogyi "
            "Fülöp Veres Budai Vincze Hegedűs Deák Pap Bálint Illés Pál Vass Szőke Fenyvesi Lengyel "
            "Bodnár Győri Hajdu Halász Jónás Kozma Sárközi Szücs Erdős Pásztor Bakó Gergely Süle"
        ),
        _w(
            "László István József János Zoltán Sándor Gábor Ferenc Attila Péter Tamás Zsolt "
            "Tibor András Csaba Imre Lajos György Balázs Győző Gyula Mihály Károly Dávid Dániel "
            "Ádám Krisztián Béla Ödön Levente Bence Máté Ákos Szilárd Jenő Géza Dezső Elemér"
        ),
    ),
    (
        _w("Nagy Kovács Tóth Szabó Horváth Varga Kiss Molnár Németh Farkas Szűcs Bíró Fülöp"),
        _w(
            "Mária Erzsébet Katalin Ilona Éva Anna Zsuzsanna Margit Judit Ágnes Andrea Erika "
            "Krisztina Júlia Tünde Réka Dóra Boglárka Hajnalka Enikő Ildikó Írisz"
        ),
    ),
)

CROATIAN = Language(
    "CRO",
    ("cp1250", "iso8859-2"),
    (
        _w(
            "Horvat Kovačević Babić Marić Jurić Novak Kovačić Knežević Vuković Marković Petrović "
            "Matić Tomić Pavlović Kovač Božić Blažević Grgić Pavić Radić Perić Filipović Šarić "
            "Lovrić Vidović Perković Popović Bošnjak Jukić Barišić Đurić Čović Ćosić Šimunović "
            "Žužul Mikulić Galić Nikolić Bašić Vrdoljak"
        ),
        _w(
            "Ivan Marko Josip Tomislav Stjepan Ante Luka Mario Zoran Dražen Krešimir Željko "
            "Goran Darko Mladen Ivica Nikola Branko Đuro Damir Domagoj Hrvoje Vjekoslav Dražan"
        ),
    ),
    (
        _w("Horvat Kovačević Babić Marić Jurić Novak Šarić Đurić Čović Ćosić"),
        _w("Ana Marija Ivana Petra Kristina Mirjana Snježana Željka Đurđica Nataša Jasna"),
    ),
)

ROMANIAN = Language(
    "ROU",
    ("iso8859-2", "cp1250"),
    (
        _w(
            "Popescu Ionescu Popa Pop Niţă Constantin Stan Stănescu Dumitrescu Dima Gheorghiu "
            "Ioniţă Marin Tudor Dobre Barbu Nistor Florea Frăţilă Dinu Dumitru Stoica Matei "
            "Ciobanu Ştefan Munteanu Lazăr Moldovan Roşu Surdu Răducanu Bălan Vlădescu Mocanu "
            "Ţurcanu Grigoraş Negru Sârbu Coman Cristea"
        ),
        _w(
            "Andrei Alexandru Mihai Ştefan Ionuţ Florin Răzvan Cătălin Adrian Gheorghe Vasile "
            "Bogdan Dan Radu Marius Cristian Lucian Costel Ovidiu Sorin Tudor Viorel"
        ),
    ),
    (
        _w("Popescu Ionescu Popa Stănescu Niţă Roşu Bălan"),
        _w(
            "Maria Elena Ioana Andreea Mădălina Roxana Cristina Alexandra Ştefania Irina Raluca "
            "Alina Mihaela Loredana Denisa Bianca"
        ),
    ),
)

GREEK = Language(
    "GRE",
    ("cp1253", "iso8859-7"),
    (
        _w(
            "Παπαδόπουλος Βλάχος Αγγελόπουλος Νικολαΐδης Γεωργίου Παπαγεωργίου Οικονόμου "
            "Δημητρίου Ιωάννου Κωνσταντίνου Μακρής Χριστοδούλου Αθανασίου Παπανικολάου "
            "Καραγιάννης Παπαδημητρίου Βασιλείου Αντωνίου Σταματόπουλος Ζαχαρίου Θεοδωρίδης "
            "Ξενάκης Λαμπράκης Ραφαηλίδης Τσακίρης Φωτόπουλος Ψαρράς Κουτσούρης Μαυρίδης "
            "Ευαγγέλου Ηλιόπουλος Ανδρέου Ορφανίδης Άλβας Έξαρχος Ίκαρος Όθωνας Υψηλάντης"
        ),
        _w(
            "Γιώργος Δημήτριος Κωνσταντίνος Ιωάννης Νικόλαος Παναγιώτης Βασίλειος Χρήστος "
            "Αθανάσιος Μιχαήλ Ευάγγελος Σπυρίδων Αντώνιος Θεόδωρος Ηλίας Στέφανος Άγγελος "
            "Ανδρέας Φώτης Ξενοφών Ζήσης Ορέστης Έκτορας"
        ),
    ),
    (
        _w("Παπαδοπούλου Γεωργίου Ιωάννου Δημητρίου Οικονόμου Βλάχου Μακρή Αντωνίου"),
        _w(
            "Μαρία Ελένη Αικατερίνη Βασιλική Σοφία Αγγελική Γεωργία Δήμητρα Ευαγγελία Ιωάννα "
            "Χριστίνα Άννα Ειρήνη Ζωή Θεοδώρα"
        ),
    ),
)

TURKISH = Language(
    "TUR",
    ("cp1254", "iso8859-9"),
    (
        _w(
            "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan "
            "Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Korkmaz Özcan Çakır Erdoğan "
            "Yavuz Can Acar Şen Aktaş Güler Yalçın Güneş Bozkurt Bulut Keskin Ünal Turan Gül "
            "Özer Işık Kaplan Avcı Sarı Tekin Taş Köse Yüksel Ateş Aktürk Güven Altun Çiftçi "
            "İnce Ülker Uçar Gündoğdu Kahraman Duman Sönmez Erdem Eren Akgül Bayram Uysal"
        ),
        _w(
            "Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim İsmail Osman Yusuf Murat Ömer "
            "Ramazan Halil Süleyman Abdullah Mahmut Recep Salih Fatih Kadir Emre Hakan Kemal "
            "Burak Serkan Oğuz Barış Çağrı Uğur Gökhan Tuğrul Şükrü Ertuğrul İlker Doğukan Özgür"
        ),
    ),
    (
        _w("Yılmaz Kaya Demir Şahin Çelik Yıldız Öztürk Aydın Doğan Güneş"),
        _w(
            "Ayşe Fatma Emine Hatice Zeynep Elif Şerife Özlem Gülşen Büşra Çiğdem Dilek Gizem "
            "Ebru Şeyma Nur İrem Tuğba"
        ),
    ),
)

LATVIAN = Language(
    "LAT",
    ("cp1257",),
    (
        _w(
            "Bērziņš Kalniņš Ozoliņš Jansons Liepiņš Krūmiņš Balodis Zariņš Pētersons Vītols "
            "Kļaviņš Kārkliņš Eglītis Dūmiņš Ābols Lapiņš Šmits Grīnbergs Sproģis Ķēniņš Gailītis "
            "Strazdiņš Vanags Avotiņš Zvaigzne Rozītis Ivanovs Siliņš Žagars Mežulis"
        ),
        _w(
            "Jānis Andris Mārtiņš Pēteris Edgars Aivars Juris Kārlis Māris Roberts Valdis Artūrs "
            "Gundars Oskars Raimonds Ģirts Uldis Aleksandrs Ēriks Krišjānis Ivars Kristaps"
        ),
    ),
    (
        _w("Bērziņa Kalniņa Ozoliņa Liepiņa Krūmiņa Zariņa Kļaviņa Eglīte Šmite Ābola"),
        _w(
            "Anna Līga Ilze Inese Kristīne Dace Laura Zane Sanita Māra Ieva Agnese Elīna Dārta "
            "Ināra"
        ),
    ),
)

LITHUANIAN = Language(
    "LTU",
    ("cp1257",),
    (
        _w(
            "Kazlauskas Jankauskas Petrauskas Stankevičius Vasiliauskas Žukauskas Butkus "
            "Paulauskas Urbonas Kavaliauskas Baranauskas Pocius Šimkus Navickas Sakalauskas "
            "Rimkus Žemaitis Vaitkus Mikalauskas Ramanauskas Čepulis Šukys Ąžuolas Gudaitis "
            "Grigonis Kairys Marcinkevičius Juška Kęstutaitis Ūsas"
        ),
        _w(
            "Jonas Petras Antanas Tomas Mindaugas Darius Gintaras Vytautas Andrius Saulius "
            "Rimantas Algirdas Kęstutis Žydrūnas Šarūnas Ąžuolas Eimantas Tadas Laurynas "
            "Mantas Raimundas Vaidotas"
        ),
    ),
    (
        _w(
            "Kazlauskienė Jankauskienė Petrauskienė Stankevičienė Žukauskienė Šimkienė "
            "Kazlauskaitė Butkutė Urbonaitė Čepulytė"
        ),
        _w(
            "Ona Janina Irena Rūta Birutė Danutė Aldona Jūratė Eglė Ieva Gintarė Živilė Aušra "
            "Indrė Kristina"
        ),
    ),
)

ESTONIAN = Language(
    "EST",
    ("cp1257", "iso8859-15"),
    (
        _w(
            "Tamm Saar Sepp Mägi Kask Kukk Rebane Ilves Pärn Koppel Lepik Kõiv Oja Raudsepp "
            "Luik Lõhmus Kallas Ivanov Mänd Vaher Jõgi Põder Karu Šmidt Ströbel Tšernov Žukov "
            "Kütt Jürgenson Mölder Võsu Sõrmus Õunapuu Ülevain"
        ),
        _w(
            "Andres Jüri Tõnu Mart Märt Toomas Jaan Peeter Priit Tiit Ülo Rein Kalev Mihkel "
            "Siim Tõnis Ott Hillar Jõel Veiko"
        ),
    ),
    (
        _w("Tamm Saar Sepp Mägi Kask Kõiv Pärn Lõhmus Jõgi Šmidt"),
        _w("Mari Tiina Kersti Ülle Maie Pille Kadri Triin Õie Merike Liis Tiiu"),
    ),
)

GERMAN = Language(
    "GER",
    ("cp1252", "iso8859-1"),
    (
        _w(
            "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer "
            "Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger "
            "Hofmann Hartmann Lange Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze "
            "Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller "
            "Weiß Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck "
            "Lorenz Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher "
            "Krämer Vogt Stein Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf "
            "Schulte Dietrich Ziegler Kuhn Kühn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer "
            "Arnold Wolff Pfeiffer Grünewald Döring Gößmann Nüßlein Blümel"
        ),
        _w(
            "Peter Michael Thomas Andreas Wolfgang Klaus Jürgen Günter Stefan Christian Uwe "
            "Werner Frank Bernd Hans Jörg Horst Dieter Ralf Björn Jens Sören Lukas Jonas Felix "
            "Maximilian Bärbel"
        ),
    ),
    (
        _w("Müller Schmidt Schröder Krüger Köhler König Möller Weiß Böhm Jäger"),
        _w(
            "Ursula Monika Petra Sabine Renate Helga Bärbel Jutta Käthe Lena Sophie "
            "Hannah Emilia Jördis Frauke"
        ),
    ),
)

FRENCH = Language(
    "FRA",
    ("cp1252", "iso8859-15", "iso8859-1"),
    (
        _w(
            "Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent "
            "Lefèvre Michel Garcia David Bertrand Roux Vincent Fournier Morel Girard André Lefebvre "
            "Mercier Dupont Lambert Bonnet François Martinez Legrand Garnier Faure Rousseau "
            "Blanc Guérin Muller Henry Roussel Nicolas Perrin Morin Mathieu Clément Gauthier "
            "Dumont Lopez Fontaine Chevalier Robin Masson Sanchez Gérard Nguyen Boyer Denis "
            "Lemaire Duval Joly Gautier Roger Roche Roy Noël Meyer Lucas Meunier Jean Pérez Marchand "
            "Dufour Blanchard Barbier Brun Dumas Brunet Schmitt Leroux Colin Fernandez Pierre "
            "Renard Arnaud Rolland Caron Aubert Giraud Leclerc Vidal Bourgeois Renaud Lemoine "
            "Picard Gaillard Philippe Leclercq Lacroix Fabre Dupuis Olivier Rodriguez Da Silva "
            "Hubert Louis Charles Guillot Rivière Le Gall Guillaume Adam Rey Moulin Gonzalez "
            "Berger Lecomte Ménard Fleury Deschamps Carpentier Julien Bénard Paris Maillard "
            "Marchal Aubry Vasseur Le Roux Renault Jacquet Collet Prévost Poirier Charpentier "
            "Royer Huet Baron Dupuy Pons Paul Laine Carré Breton Rémy Schneider Perrot Guyot "
            "Barré Marty Cousin Cœurdevey Lœuillet Bœuf"
        ),
        _w(
            "Jean Pierre Michel André Philippe René Louis Alain Jacques Bernard Marcel Daniel "
            "Roger Robert Paul Claude Christian Henri Georges Nicolas François Patrick Gérard "
            "Christophe Joseph Julien Hervé Frédéric Jérôme Stéphane Sébastien Benoît Loïc Joël "
            "Noël Rémi Aurélien Théo Maël"
        ),
    ),
    (
        _w("Martin Bernard Dubois Lefèvre Mercier Guérin Clément Ménard Prévost Rivière"),
        _w(
            "Marie Nathalie Isabelle Sylvie Catherine Françoise Christine Monique Valérie "
            "Hélène Céline Mélanie Zoé Léa Chloé Anaïs Maëlle Cécile Agnès Noémie Béatrice Gisèle "
            "Éloïse"
        ),
    ),
)

SPANISH = Language(
    "ESP",
    ("cp1252", "iso8859-1"),
    (
        _w(
            "García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín "
            "Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro "
            "Torres Domínguez Vázquez Ramos Gil Ramírez Serrano Blanco Molina Morales Suárez "
            "Ortega Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido Cortés "
            "Castillo Santos Lozano Guerrero Cano Prieto Méndez Cruz Calvo Gallego Vidal León "
            "Márquez Herrera Peña Flores Cabrera Campos Vega Fuentes Carrasco Diez Caballero "
            "Reyes Nieto Aguilar Pascual Santana Herrero Lorenzo Hidalgo Montero Ibáñez Giménez "
            "Ferrer Durán Santiago Benítez Mora Vicente Vargas Arias Carmona Crespo Román Pastor "
            "Soto Sáez Velasco Moya Soler Parra Esteban Bravo Gallardo Rojas Quiñones Peñalver"
        ),
        _w(
            "Antonio José Manuel Francisco David Juan Javier Daniel Carlos Jesús Alejandro "
            "Miguel Rafael Pablo Sergio Fernando Jorge Luis Alberto Álvaro Adrián Diego Raúl "
            "Iván Rubén Óscar Andrés Joaquín Ramón Víctor Tomás Ángel Martín Nicolás"
        ),
    ),
    (
        _w("García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Núñez"),
        _w(
            "María Carmen Josefa Isabel Ana Dolores Pilar Teresa Rosa Cristina Lucía Sofía "
            "Paula Inés Begoña Mónica Raquel Verónica Ángeles Noelia Ainhoa Iría"
        ),
    ),
)

NORDIC = Language(
    "NOR",
    ("cp1252", "iso8859-1"),
    (
        _w(
            "Hansen Johansen Olsen Larsen Andersen Pedersen Nilsen Kristiansen Jensen Karlsen "
            "Johnsen Pettersen Eriksen Berg Haugen Hagen Johannessen Andreassen Jacobsen Dahl "
            "Jørgensen Halvorsen Henriksen Lund Sørensen Jakobsen Moen Gundersen Iversen Strand "
            "Solberg Svendsen Eide Knutsen Martinsen Paulsen Bakken Kristoffersen Mathisen Lie "
            "Amundsen Nguyen Rasmussen Ali Lunde Solheim Berge Moe Nygård Bakke Kristensen "
            "Fredriksen Holm Lien Hauge Christensen Andresen Nielsen Knudsen Evensen Sæther Aas "
            "Myhre Hanssen Ødegård Ahmed Aasen Hovland Tangen Thorsen Sletten Grønli Næss Bråthen "
            "Østby Løvås Ståle Fjærli Bjørnstad Håland Sørli Åsheim Ærø Brænd Holmgård Dæhlie"
        ),
        _w(
            "Jan Per Bjørn Ole Lars Kjell Knut Svein Arne Hans Geir Thomas Tor Morten Terje "
            "Odd Erik Martin Andreas John Anders Rune Trond Jon Harald Øyvind Håkon Ståle Pål "
            "Åge Sindre Jørgen Ørjan Bård Kåre"
        ),
    ),
    (
        _w("Hansen Johansen Olsen Larsen Jørgensen Sørensen Nygård Ødegård Sæther Næss"),
        _w(
            "Anne Inger Kari Marit Ingrid Liv Eva Berit Astrid Bjørg Hilde Åse Solveig Randi "
            "Sølvi Tone Gro Mette Kjærsti Ragnhild"
        ),
    ),
)

LANGUAGES = {
    "russian": RUSSIAN,
    "ukrainian": UKRAINIAN,
    "polish": POLISH,
    "czech": CZECH,
    "hungarian": HUNGARIAN,
    "croatian": CROATIAN,
    "romanian": ROMANIAN,
    "greek": GREEK,
    "turkish": TURKISH,
    "latvian": LATVIAN,
    "lithuanian": LITHUANIAN,
    "estonian": ESTONIAN,
    "german": GERMAN,
    "french": FRENCH,
    "spanish": SPANISH,
    "nordic": NORDIC,
}


def players(language: Language, count: int, seed: int = 0) -> list[str]:
    """``count`` ``"Surname, Given"`` names, two men to one woman (when the language has
    female lists), walking through every surname with a shifting given name from ``seed``."""
    out: list[str] = []
    for i in range(count):
        surnames, given = language.male
        if i % 3 == 2 and language.female[0]:
            surnames, given = language.female
        k = seed + i // 3 * 2 + i % 3 if i % 3 < 2 else seed + i // 3
        n = len(surnames)
        out.append(f"{surnames[(k * 7) % n]}, {given[(k + k // n * 5) % len(given)]}")
    return out
