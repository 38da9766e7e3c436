/** Common first names by member language, so a member's name fits where they live. */
import type { Locale } from '@shared/constants.js';

export const FIRST_NAMES: Record<Locale, { female: readonly string[]; male: readonly string[] }> = {
  en: {
    female: [
      'Emma', 'Olivia', 'Charlotte', 'Amelia', 'Emily', 'Jessica', 'Hannah', 'Lucy', 'Grace', 'Chloe', 'Megan',
      'Lauren', 'Rachel', 'Sarah', 'Katie', 'Ella', 'Isabella', 'Madison', 'Ashley', 'Jennifer', 'Amanda',
      'Rebecca', 'Laura', 'Natalie', 'Victoria', 'Holly', 'Zoe', 'Kate', 'Abigail', 'Michelle', 'Samantha', 'Niamh',
    ],
    male: [
      'Oliver', 'Jack', 'Harry', 'Thomas', 'William', 'Daniel', 'Matthew', 'Michael', 'Ryan', 'Josh', 'Luke',
      'Adam', 'Ben', 'Chris', 'David', 'Andrew', 'Tom', 'Liam', 'Noah', 'Ethan', 'Jacob', 'Tyler', 'Brandon',
      'Kevin', 'Mark', 'Paul', 'Steven', 'Connor', 'Sean', 'Nathan', 'Jason', 'Callum',
    ],
  },
  de: {
    female: [
      'Anna', 'Lena', 'Laura', 'Julia', 'Lea', 'Sarah', 'Lisa', 'Katharina', 'Hannah', 'Johanna', 'Marie',
      'Sophie', 'Jana', 'Nina', 'Melanie', 'Sabine', 'Petra', 'Claudia', 'Stefanie', 'Franziska', 'Carina',
      'Vanessa', 'Kerstin', 'Anja', 'Birgit', 'Jasmin', 'Miriam', 'Theresa', 'Svenja', 'Leonie',
    ],
    male: [
      'Lukas', 'Jonas', 'Felix', 'Maximilian', 'Leon', 'Paul', 'Tim', 'Jan', 'Niklas', 'Florian', 'Tobias',
      'Sebastian', 'Stefan', 'Andreas', 'Michael', 'Thomas', 'Markus', 'Daniel', 'Christian', 'Matthias',
      'Alexander', 'Philipp', 'Moritz', 'Fabian', 'Dominik', 'Kai', 'Sven', 'Jörg', 'Uwe', 'Benedikt',
    ],
  },
  nl: {
    female: [
      'Sanne', 'Lotte', 'Fleur', 'Anouk', 'Femke', 'Lisa', 'Eva', 'Iris', 'Marloes', 'Esther', 'Ingrid', 'Mirjam',
      'Noor', 'Julia', 'Lieke', 'Floor', 'Roos', 'Maaike', 'Ilse', 'Annemieke', 'Wendy', 'Linda', 'Sandra', 'Kim',
      'Marieke', 'Petra', 'Yvonne', 'Nienke', 'Elke', 'Griet', 'Lien', 'Charlotte',
    ],
    male: [
      'Daan', 'Sem', 'Lars', 'Bram', 'Thijs', 'Ruben', 'Jeroen', 'Sander', 'Bas', 'Niels', 'Joost', 'Pieter',
      'Wouter', 'Jasper', 'Koen', 'Maarten', 'Tim', 'Martijn', 'Rick', 'Dennis', 'Erik', 'Henk', 'Marco', 'Roel',
      'Stijn', 'Tom', 'Vincent', 'Job', 'Luuk', 'Mees', 'Wout', 'Jens',
    ],
  },
  fr: {
    female: [
      'Camille', 'Manon', 'Léa', 'Chloé', 'Inès', 'Sarah', 'Julie', 'Marie', 'Pauline', 'Mathilde', 'Émilie',
      'Claire', 'Céline', 'Nathalie', 'Isabelle', 'Aurélie', 'Élodie', 'Juliette', 'Margaux', 'Charlotte', 'Lucie',
      'Amandine', 'Sandrine', 'Océane', 'Clara', 'Anaïs', 'Justine', 'Laure', 'Valérie', 'Sophie',
    ],
    male: [
      'Lucas', 'Hugo', 'Louis', 'Thomas', 'Nicolas', 'Julien', 'Antoine', 'Maxime', 'Alexandre', 'Pierre',
      'Mathieu', 'Guillaume', 'Romain', 'Kevin', 'Florian', 'Sébastien', 'Olivier', 'Laurent', 'Jérôme', 'Benoît',
      'Théo', 'Arthur', 'Raphaël', 'Clément', 'Baptiste', 'Quentin', 'Vincent', 'Yannick', 'François', 'Étienne',
    ],
  },
  it: {
    female: [
      'Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Valentina', 'Alessia', 'Federica', 'Elisa', 'Silvia',
      'Laura', 'Elena', 'Roberta', 'Paola', 'Claudia', 'Alice', 'Sofia', 'Giorgia', 'Beatrice', 'Ilaria', 'Serena',
      'Veronica', 'Michela', 'Camilla', 'Arianna', 'Simona', 'Marta', 'Noemi', 'Daniela', 'Monica',
    ],
    male: [
      'Marco', 'Luca', 'Alessandro', 'Andrea', 'Matteo', 'Lorenzo', 'Davide', 'Francesco', 'Simone', 'Federico',
      'Giuseppe', 'Stefano', 'Riccardo', 'Paolo', 'Roberto', 'Gabriele', 'Fabio', 'Antonio', 'Giovanni', 'Nicola',
      'Daniele', 'Tommaso', 'Emanuele', 'Michele', 'Pietro', 'Filippo', 'Massimo', 'Enrico', 'Alberto', 'Leonardo',
    ],
  },
  es: {
    female: [
      'Lucía', 'María', 'Paula', 'Laura', 'Marta', 'Sara', 'Carmen', 'Ana', 'Elena', 'Cristina', 'Alba', 'Claudia',
      'Irene', 'Andrea', 'Raquel', 'Beatriz', 'Patricia', 'Natalia', 'Silvia', 'Nuria', 'Rocío', 'Sofía', 'Julia',
      'Marina', 'Isabel', 'Lorena', 'Noelia', 'Alicia', 'Eva', 'Pilar', 'Gabriela', 'Valeria',
    ],
    male: [
      'Alejandro', 'Daniel', 'Pablo', 'David', 'Javier', 'Sergio', 'Carlos', 'Adrián', 'Álvaro', 'Diego', 'Jorge',
      'Manuel', 'Miguel', 'Raúl', 'Iván', 'Rubén', 'Alberto', 'Antonio', 'Fernando', 'Hugo', 'Mario', 'Marcos',
      'Óscar', 'Víctor', 'Jesús', 'Francisco', 'Luis', 'Íñigo', 'Gonzalo', 'Andrés', 'José', 'Mateo',
    ],
  },
  pl: {
    female: [
      'Anna', 'Katarzyna', 'Magdalena', 'Agnieszka', 'Joanna', 'Aleksandra', 'Monika', 'Natalia', 'Karolina',
      'Paulina', 'Justyna', 'Marta', 'Ewa', 'Małgorzata', 'Dominika', 'Weronika', 'Zuzanna', 'Julia', 'Kinga',
      'Patrycja', 'Sylwia', 'Izabela', 'Beata', 'Agata', 'Emilia', 'Martyna', 'Oliwia', 'Dorota', 'Barbara', 'Alicja',
    ],
    male: [
      'Piotr', 'Krzysztof', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Jakub', 'Łukasz', 'Kamil', 'Mateusz', 'Adam',
      'Bartosz', 'Dawid', 'Grzegorz', 'Marek', 'Rafał', 'Wojciech', 'Szymon', 'Damian', 'Sebastian', 'Przemysław',
      'Jan', 'Kacper', 'Filip', 'Maciej', 'Artur', 'Dariusz', 'Robert', 'Adrian', 'Patryk',
    ],
  },
};
